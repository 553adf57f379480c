import { texts } from '../locales';
import { currentFullPath, LOGIN_PATH, loginPath } from '../router/paths';
import { deferError, showError } from './notify';
import { getToken, removeToken } from './token';

/** Every API answer: `{ code, msg, data }`, code 200 is success. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A sign-in call: a 401 in the body is a wrong credential, shown like any other message. */
  signIn?: boolean;
  /** No toast and no redirect: the caller deals with the failure. */
  quiet?: boolean;
  timeoutMs?: number;
}

/** A failed call: `code` is the body code, or the HTTP status when the answer had no envelope. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network' | 'http' | 'body',
    readonly code: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** `/api` + path + query; array values repeat the key (`ids=1&ids=2`). */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) params.append(key, String(item));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers['Auth-Token'] = token;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  try {
    const { status, body } = await send(apiUrl(path, options.query), init, options.timeoutMs);
    return unwrap<T>(status, body, options);
  } catch (error) {
    const failure = error instanceof RequestError ? error : new RequestError(texts.request.system, 'http', 0);
    if (!options.quiet && failure.kind !== 'body' && failure.code !== 401) showError(failure.message);
    throw failure;
  }
}

async function send(url: string, init: RequestInit, timeoutMs = REQUEST_TIMEOUT_MS) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: controller.signal });
    } catch {
      throw controller.signal.aborted
        ? new RequestError(texts.request.timeout, 'timeout', 0)
        : new RequestError(texts.request.network, 'network', 0);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (controller.signal.aborted) throw new RequestError(texts.request.timeout, 'timeout', 0);
      body = undefined;
    }
    return { status: response.status, body };
  } finally {
    clearTimeout(timer);
  }
}

function unwrap<T>(status: number, body: unknown, options: RequestOptions): T {
  if (status === 403) throw new RequestError(texts.request.forbidden, 'http', 403);
  if (status === 401 && !options.signIn) {
    if (!options.quiet) expireSession(texts.request.sessionExpired);
    throw new RequestError(texts.request.sessionExpired, 'http', 401);
  }
  if (!isEnvelope(body)) throw new RequestError(texts.request.system, 'http', status);
  if (body.code === 200) return body.data as T;

  const text = body.code === 406 ? texts.request.system : body.msg || texts.request.system;
  if (body.code === 401 && !options.signIn) {
    if (!options.quiet) expireSession(text);
  } else if (!options.quiet) {
    showError(text);
  }
  throw new RequestError(text, 'body', body.code);
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as Envelope<unknown>).code === 'number';
}

/** The token is gone or expired: drop it and load the login page, which then shows why. */
function expireSession(text: string): void {
  removeToken();
  if (window.location.pathname === LOGIN_PATH) {
    showError(text);
    return;
  }
  deferError(text);
  window.location.assign(loginPath(currentFullPath()));
}
