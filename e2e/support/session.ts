import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sha256Hex } from '../../apps/server/src/modules/auth/tokens';
import { button, launchBrowser, settled } from './browser';
import { type RunningServer, type StartOptions, startServer } from './server';

/** The demo's accounts, by user name. */
export const ACCOUNTS = {
  admin: 'Admin@123',
  dispatch: 'Dispatch@123',
  finance: 'Finance@123',
  safety: 'Safety@123',
} as const;
export type Account = keyof typeof ACCOUNTS;

/** The server's answer to an API call. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** The server's answer to a sign-in. */
export type LoginAnswer = Envelope<{ token: string; refreshToken: string }>;

/** Signs in through the API alone (no page), as the login page does: the password goes hashed. */
export async function apiSignIn(
  baseUrl: string,
  username: string,
  password: string = ACCOUNTS[username as Account],
): Promise<LoginAnswer> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: sha256Hex(password) }),
  });
  return (await answer.json()) as LoginAnswer;
}

/** Matches the response to the API call `/api<path>`. */
export const calls = (p: string) => (response: Response) => new URL(response.url()).pathname === `/api${p}`;

/** Signs in on the login page (a demo account needs no password given) and waits until the app has left it. */
export async function signIn(
  page: Page,
  username: string,
  password: string = ACCOUNTS[username as Account],
): Promise<LoginAnswer> {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  const [answer] = await Promise.all([
    page.waitForResponse(calls('/auth/login')),
    button(page, '登录').click(),
  ]);
  const body = (await answer.json()) as LoginAnswer;
  await page.waitForURL((url) => url.pathname !== '/login');
  return body;
}

export interface PageOptions {
  /** 1440×900 when not given. */
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  /** The browser's time zone (the machine's when not given). */
  timezoneId?: string;
}

/** A page in a new browser context on `baseURL` (zh-CN); its uncaught errors go to `pageErrors`. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: PageOptions = {},
  pageErrors?: string[],
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: options.viewport ?? { width: 1440, height: 900 },
    ...(options.acceptDownloads ? { acceptDownloads: true } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  if (pageErrors) page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

export interface SessionOptions extends StartOptions, PageOptions {
  /** Who signs in; none when null. */
  account: Account | null;
}

/** A running server, a browser and a page on it, signed in as the account asked for. */
export interface Session {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The server's answer to the sign-in (none without an account). */
  login?: LoginAnswer;
  /** Uncaught errors of the page so far. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** Starts the server and a browser, opens a page (zh-CN, 1440×900 unless asked) and signs in on it. */
export async function openSession(options: SessionOptions): Promise<Session> {
  const server = await startServer({ env: options.env });
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close();
    await browser?.close();
    await server.stop();
  };
  try {
    browser = await launchBrowser();
    const pageErrors: string[] = [];
    const page = await newPage(browser, server.baseUrl, options, pageErrors);
    context = page.context();
    const login = options.account ? await signIn(page, options.account) : undefined;
    return { server, browser, context, page, login, pageErrors, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The page shown now (kept-alive pages stay in the document, hidden). */
export const shownView = (page: Page): Locator => page.locator('div[data-view]:not([hidden])');

/** The page of the route `path` (shown or kept alive hidden). */
export const viewAt = (page: Page, path: string): Locator => page.locator(`div[data-view="${path}"]`);

/** A row of the table in `scope` holding `text`. */
export const tableRow = (scope: Page | Locator, text: string): Locator =>
  scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });

/** An antd message toast holding `text`. */
export const toastOf = (page: Page, text: string): Locator =>
  page.locator('.ant-message-notice', { hasText: text });

/** Waits for motion to end, then saves a full-page screenshot to /tmp/fleet-e2e-<name>.png. */
export async function tmpShot(page: Page, name: string, fullPage = true): Promise<void> {
  await settled(page, 300);
  await page.screenshot({ path: `/tmp/fleet-e2e-${name}.png`, fullPage });
}

/** Waits for motion to end, then saves a screenshot of the window (or of `clip` in it) to <dir>/<name>.png. */
export async function shotIn(
  page: Page,
  dir: string,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
): Promise<void> {
  await settled(page, 300);
  await page.screenshot({ path: path.join(dir, `${name}.png`), clip });
}

/**
 * Registers, for every test of the file, a screenshot of the page to <dir>/failed-<test id>.png
 * and the server's output when the test fails.
 */
export function onFailureShotIn(
  dir: string,
  page: () => Page | undefined,
  server: () => RunningServer | undefined,
): void {
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      const shown = page();
      if (shown && !shown.isClosed())
        await shown.screenshot({ path: path.join(dir, `failed-${task.id}.png`) });
      console.error(`server output:\n${server()?.output()}`);
    });
  });
}

/** Prints, for a failed test, a screenshot to /tmp, the page's errors and the server's last output. */
export async function reportFailure(session: Session | undefined, file: string, tail: number): Promise<void> {
  if (!session) return;
  await session.page.screenshot({ path: `/tmp/fleet-e2e-${file}.png` });
  console.error(`page errors: ${session.pageErrors.join('\n')}`);
  console.error(`server output:\n${session.server.output().slice(-tail)}`);
}

/**
 * The session of a whole test file: opened before its tests and closed after them; a failed test
 * reports its screenshot, the page's errors and the last `tail` characters of the server's output
 * as /tmp/fleet-e2e-<name>-failed-<test>.png. `use` receives the session once it is open.
 */
export function sessionPerFile(
  options: SessionOptions & { name: string; tail?: number },
  use: (session: Session) => void,
): void {
  let session: Session | undefined;
  beforeAll(async () => {
    session = await openSession(options);
    use(session);
  });
  afterAll(() => session?.close());
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(() =>
      reportFailure(session, `${options.name}-failed-${task.name.slice(0, 30)}`, options.tail ?? 2000),
    );
  });
}

/** view(), row() and toast() of the page `page()` returns (a page opened in beforeAll). */
export function shownPageHelpers(page: () => Page) {
  const view = () => shownView(page());
  return {
    view,
    row: (text: string) => tableRow(view(), text),
    toast: (text: string) => toastOf(page(), text),
  };
}
