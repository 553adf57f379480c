import { LONG_MESSAGE_WIDTH, REQUEST_TIMEOUT_MS as SPEC_TIMEOUT_MS, TOAST_DURATION_MS } from '@fleet/domain';
import { texts } from '../locales';
import { getToken, removeToken } from './token';

/**
 * The request client: every rule of spec core section 8 in one place. Screen effects (toasts, the
 * 409 confirm, going to the login page) go through a `RequestUi` adapter, bound to antd's App context
 * at startup by `<RequestUiBridge />` (api/request-ui.tsx); until then a static antd adapter is used.
 */

/** Every API answer: `{ code, msg, data }`, code 200 is success. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = SPEC_TIMEOUT_MS;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (uploads); takes the place of `body`. */
  form?: FormData;
  /** A sign-in call: a 401 or 404 in the body is a wrong credential, shown like any other message. */
  signIn?: boolean;
  /** No toast, modal or redirect: the caller deals with every failure. */
  quiet?: boolean;
  timeoutMs?: number;
  /**
   * A list call: a newer call with the same key (true: method and path) cancels the one in flight,
   * so a slow older answer never overwrites a newer one.
   */
  dedupe?: boolean | string;
  /** Aborting it cancels the call quietly (react-query passes one). */
  signal?: AbortSignal;
}

export type ToastType = 'error' | 'warning' | 'success' | 'info';

/** The screen effects of the request rules. */
export interface RequestUi {
  /** A toast; `viewMore` asks for a '查看更多' link that opens the full text. */
  toast(type: ToastType, message: string, durationMs: number, viewMore?: boolean): void;
  /** A modal titled `title` with the lines in red and one confirm button; resolves when confirmed. */
  confirm(title: string, redLines: readonly string[]): Promise<void>;
  /** HTTP 403: 'Forbidden' for 5 s. */
  forbidden(): void;
  /** Reloads the page; `notice` is shown after the reload. */
  reload(notice?: string): void;
  /** Goes to the login page (with a redirect back) and shows the message there. */
  navigateLogin(message: string): void;
}

export type RequestErrorKind = 'timeout' | 'network' | 'http' | 'body' | 'cancel' | 'download';

/** A failed call: `code` is the body code, or the HTTP status when the answer had no envelope. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: RequestErrorKind,
    readonly code: number,
    /** The answer, when there was one. */
    readonly envelope?: Envelope<unknown>,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** Body codes handed to the caller as they are: 510 and 513 silently, 511 after a toast. */
export const PASS_THROUGH_CODES: readonly number[] = [510, 511, 513];
/** Body codes whose message is shown as it is before the call is rejected. */
export const MESSAGE_CODES: readonly number[] = [400, 411, 505, 512];

const t = texts.request;
const k = texts.kit.request;

let boundUi: RequestUi | undefined;

/** Binds the screen effects (the app binds antd's App context through `<RequestUiBridge />`). */
export function bindRequestUi(ui: RequestUi | undefined): void {
  boundUi = ui;
}

/** Until the app binds its adapter, the static antd one is loaded on first use. */
function lazyStaticUi(): RequestUi {
  const load = () => import('./request-ui-static').then((module) => module.staticRequestUi);
  return {
    toast: (...args) => void load().then((ui) => ui.toast(...args)),
    confirm: (...args) => load().then((ui) => ui.confirm(...args)),
    forbidden: () => void load().then((ui) => ui.forbidden()),
    reload: (notice) => void load().then((ui) => ui.reload(notice)),
    navigateLogin: (message) => void load().then((ui) => ui.navigateLogin(message)),
  };
}
const fallbackUi = lazyStaticUi();
const ui = (): RequestUi => boundUi ?? fallbackUi;

/**
 * Estimated on-screen width of a toast message in px: 16 for a CJK or full-width character, 8 for
 * others (14 px text). Over 1600 px, 100 Chinese characters, the toast offers '查看更多'.
 */
export function messageWidth(text: string): number {
  let width = 0;
  for (const char of text)
    width += /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(char) ? 16 : 8;
  return width;
}

export function isLongMessage(text: string): boolean {
  return messageWidth(text) > LONG_MESSAGE_WIDTH;
}

function errorToast(text: string): void {
  ui().toast('error', text, TOAST_DURATION_MS, isLongMessage(text));
}

/** `/api` + path + query; array values repeat the key (`ids=1&ids=2`); null and undefined are left out. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) params.append(key, String(item));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

const inFlight = new Map<string, AbortController>();

function dedupeKey(method: Method, path: string, dedupe: RequestOptions['dedupe']): string | undefined {
  if (!dedupe) return undefined;
  return dedupe === true ? `${method} ${path}` : `${method} ${dedupe}`;
}

/** What a rule decided, and the effect to show unless the call is quiet. */
type Verdict<T> =
  | { ok: Envelope<T>; effect?: () => void }
  | { error: RequestError; effect?: () => void | Promise<void> };

async function settle<T>(verdict: Verdict<T>, options: RequestOptions): Promise<Envelope<T>> {
  if (!options.quiet && verdict.effect) await verdict.effect();
  if ('ok' in verdict) return verdict.ok;
  throw verdict.error;
}

/** Drops the token and leaves for the login page, which shows why. */
function sessionOver(text: string): () => void {
  return () => {
    removeToken();
    ui().navigateLogin(text);
  };
}

/** The body-code rules (spec core section 8, "Body code handling"). */
function judgeBody<T>(body: Envelope<T>, options: RequestOptions): Verdict<T> {
  const { code } = body;
  if (code === 200) return { ok: body };
  if (PASS_THROUGH_CODES.includes(code)) {
    return code === 511
      ? { ok: body, effect: () => ui().toast('warning', k.terminalOffline, TOAST_DURATION_MS) }
      : { ok: body };
  }
  const message = body.msg || t.system;
  const error = new RequestError(message, 'body', code, body);
  if (code === 409) {
    const lines = message.split('\n').filter((line) => line.trim() !== '');
    return { error, effect: () => ui().confirm(k.confirmTitle, lines) };
  }
  if (code === 401 || code === 404) {
    if (options.signIn) return { error, effect: () => errorToast(message) };
    return { error, effect: sessionOver(body.msg || t.sessionExpired) };
  }
  if (MESSAGE_CODES.includes(code)) return { error, effect: () => errorToast(message) };
  if (code === 406) {
    return { error: new RequestError(t.system, 'body', code, body), effect: () => errorToast(t.system) };
  }
  return { error, effect: () => errorToast(message) };
}

/** The HTTP-level rules, then the body rules when the answer is an envelope. */
function judgeAnswer<T>(status: number, body: unknown, options: RequestOptions): Verdict<T> {
  if (status === 403) {
    return { error: new RequestError(t.forbidden, 'http', 403), effect: () => ui().forbidden() };
  }
  if (status === 401 && !options.signIn) {
    return {
      error: new RequestError(t.sessionExpired, 'http', 401),
      effect: () => {
        removeToken();
        ui().reload(t.sessionExpired);
      },
    };
  }
  if (isEnvelope(body)) return judgeBody(body as Envelope<T>, options);
  return { error: new RequestError(t.system, 'http', status), effect: () => errorToast(t.system) };
}

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as Envelope<unknown>).code === 'number';
}

interface Answer {
  status: number;
  headers: Headers;
  read: () => Promise<unknown>;
  readBlob: () => Promise<Blob>;
}

/**
 * Sends the call and waits for the answer's headers; rejects with a timeout, network or cancel
 * RequestError (after its toast). `use` reads the body while the timeout and cancellation still apply.
 */
async function exchange<R>(
  method: Method,
  path: string,
  options: RequestOptions,
  use: (answer: Answer) => Promise<R>,
): Promise<R> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers['Auth-Token'] = token;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.form) {
    init.body = options.form;
  } else if (options.body !== undefined && method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  let abortedBy: 'timeout' | 'cancel' | undefined;
  const abort = (reason: 'timeout' | 'cancel') => {
    abortedBy ??= reason;
    controller.abort();
  };
  const timer = setTimeout(() => abort('timeout'), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => abort('cancel');
  if (options.signal?.aborted) abort('cancel');
  options.signal?.addEventListener('abort', onCallerAbort);
  const key = dedupeKey(method, path, options.dedupe);
  if (key) {
    inFlight.get(key)?.abort();
    inFlight.set(key, controller);
  }
  controller.signal.addEventListener('abort', () => {
    abortedBy ??= 'cancel';
  });

  const failed = (): RequestError => {
    if (abortedBy === 'timeout') return new RequestError(t.timeout, 'timeout', 0);
    if (abortedBy === 'cancel') return new RequestError(k.cancelled, 'cancel', 0);
    return new RequestError(t.network, 'network', 0);
  };
  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, options.query), { ...init, signal: controller.signal });
    } catch {
      throw failed();
    }
    return await use({
      status: response.status,
      headers: response.headers,
      read: async () => {
        try {
          return await response.json();
        } catch {
          if (controller.signal.aborted) throw failed();
          return undefined;
        }
      },
      readBlob: async () => {
        try {
          return await response.blob();
        } catch {
          throw failed();
        }
      },
    });
  } catch (error) {
    if (error instanceof RequestError && (error.kind === 'timeout' || error.kind === 'network')) {
      if (!options.quiet) errorToast(error.message);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    if (key && inFlight.get(key) === controller) inFlight.delete(key);
  }
}

/**
 * A call answered with the whole envelope: resolves for 200 and for the pass-through codes 510, 511
 * and 513; every other outcome shows what the rules say (unless `quiet`) and rejects with a RequestError.
 */
export function requestEnvelope<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  return exchange(method, path, options, async (answer) =>
    settle(judgeAnswer<T>(answer.status, await answer.read(), options), options),
  );
}

/**
 * A call answered with its data (code 200). A pass-through code (510, 511, 513) rejects with a
 * RequestError carrying the envelope and no further notice; callers that act on those codes use
 * `requestEnvelope`.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await requestEnvelope<T>(method, path, options);
  if (envelope.code === 200) return envelope.data;
  throw new RequestError(envelope.msg || t.system, 'body', envelope.code, envelope);
}

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, then
 * `filename="…"` (percent-decoded when it is percent-encoded); undefined without one.
 */
export function contentDispositionFilename(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed extended value: fall back to the plain parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const raw = (plain?.[2] ?? plain?.[1] ?? '').trim();
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export interface DownloadOptions extends RequestOptions {
  /** The name to save under when the answer names none. */
  filename?: string;
  /**
   * A successful envelope may come instead of a file (an export that became a background task):
   * no 下载文件有误 toast then; the rejection's `envelope` carries the answer.
   */
  envelopeMayAnswer?: boolean;
}

/**
 * Downloads a file: an envelope answer follows the body rules; an empty file shows 下载文件有误 and
 * rejects; otherwise resolves with the file and its name from Content-Disposition.
 */
export function downloadBlob(
  method: Method,
  path: string,
  options: DownloadOptions = {},
): Promise<{ blob: Blob; filename: string }> {
  return exchange(method, path, options, async (answer) => {
    const isJson = (answer.headers.get('content-type') ?? '').includes('application/json');
    if (isJson || answer.status < 200 || answer.status >= 300) {
      const body = isJson ? await answer.read() : undefined;
      const verdict = judgeAnswer(answer.status, body, options);
      if ('error' in verdict) await settle(verdict, options);
      // An envelope that went through carries no file (the error carries the envelope).
      if (!options.quiet && !options.envelopeMayAnswer) errorToast(k.downloadFailed);
      throw new RequestError(
        k.downloadFailed,
        'download',
        answer.status,
        'ok' in verdict ? verdict.ok : undefined,
      );
    }
    const blob = await answer.readBlob();
    if (blob.size === 0) {
      if (!options.quiet) errorToast(k.downloadFailed);
      throw new RequestError(k.downloadFailed, 'download', answer.status);
    }
    const filename =
      contentDispositionFilename(answer.headers.get('content-disposition')) ?? options.filename ?? 'download';
    return { blob, filename };
  });
}

/** Saves a file through a temporary link (browser only). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads a file and saves it under the name the server gives; resolves with that name. */
export async function download(method: Method, path: string, options: DownloadOptions = {}): Promise<string> {
  const { blob, filename } = await downloadBlob(method, path, options);
  saveBlob(blob, filename);
  return filename;
}
