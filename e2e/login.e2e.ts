import path from 'node:path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { REPO_ROOT, type RunningServer } from './support/server';
import { type Envelope, openSession, type Session } from './support/session';

const HOME = '/databoard/index';
const HEADQUARTERS = '示例物流有限公司';

let session: Session;
let server: RunningServer;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

const loginButton = () => page.getByRole('button', { name: /^登\s*录$/ });
const usernameInput = () => page.getByLabel('用户名');
const passwordInput = () => page.getByLabel('密码', { exact: true });
const captchaImage = () => page.getByRole('img', { name: '验证码' });
const isLoginCall = (response: Response) =>
  response.url().endsWith('/api/auth/login') && response.request().method() === 'POST';

function pathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

async function fillCredentials(username: string, password: string): Promise<void> {
  await usernameInput().fill(username);
  await passwordInput().fill(password);
}

/** Clicks 登录 and returns the server's answer to the login call. */
async function submitLogin(): Promise<Envelope> {
  const [response] = await Promise.all([page.waitForResponse(isLoginCall), loginButton().click()]);
  return (await response.json()) as Envelope;
}

beforeAll(async () => {
  session = await openSession({ account: null });
  ({ server, context, page, pageErrors } = session);
});

afterAll(() => session?.close());

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    await screenshot(page, `failed-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-')}`);
    console.error(`server output:\n${server.output()}`);
  });
});

describe('login', () => {
  it('sends a visitor of the home page to the login page with a redirect back', async () => {
    await page.goto(HOME);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(HOME);
    await expect.poll(() => page.title()).toBe('车队管理平台');
    await loginButton().waitFor();
    expect(await captchaImage().count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: '记住我' }).isChecked()).toBe(false);
    await screenshot(page, 'login', path.join(REPO_ROOT, 'docs/screenshot-login.png'));
  });

  it('asks for both fields in Chinese', async () => {
    await loginButton().click();
    await page.getByText('请输入用户名').waitFor();
    await page.getByText('请输入密码').waitFor();
  });

  it("shows the server's message for each wrong password, then the captcha after the third", async () => {
    const toasts = page.locator('.ant-message-notice');
    const isCaptchaCheck = (response: Response) => response.url().includes('/api/verify/isShowVerifyCode');
    const captchaImages: Response[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/verify/getVerifyCode')) captchaImages.push(response);
    });
    await fillCredentials('  dispatch ', 'Wrong@123');
    expect(await usernameInput().inputValue()).toBe('dispatch');

    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = await toasts.count();
      const checked = page.waitForResponse(isCaptchaCheck);
      const answer = await submitLogin();
      expect(answer.code).not.toBe(200);
      expect(answer.msg).toMatch(/[\u4e00-\u9fa5]/);
      await expect.poll(() => toasts.count()).toBeGreaterThan(before);
      await toasts.filter({ hasText: answer.msg }).last().waitFor();
      expect(pathOf(page.url())).toMatch(/^\/login\?redirect=/);
      const shown = (await (await checked).json()) as Envelope<boolean>;
      expect(shown.data).toBe(attempt >= 3);
      if (attempt < 3) expect(await captchaImage().count()).toBe(0);
    }

    await captchaImage().waitFor();
    const source = await captchaImage().getAttribute('src');
    await expect
      .poll(() => captchaImage().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const image = captchaImages.find((response) => source && response.url().endsWith(source));
    expect(image?.status()).toBe(200);
    expect(image?.headers()['content-type']).toContain('image/svg+xml');
    expect(await image?.text()).toContain('<svg');
    await screenshot(page, 'login-captcha');

    await captchaImage().click();
    await expect.poll(() => captchaImage().getAttribute('src')).not.toBe(source);

    await loginButton().click();
    await page.getByText('请输入验证码').waitFor();
  });

  it('signs admin in and lands on the home page with the name and the team tree', async () => {
    await fillCredentials('admin', 'Admin@123');
    await passwordInput().focus();
    await expect.poll(() => captchaImage().count()).toBe(0);
    await page.getByRole('checkbox', { name: '记住我' }).check();

    const userInfo = page.waitForResponse((r) => r.url().includes('/api/user/info'));
    const answer = await submitLogin();
    expect(answer.code).toBe(200);
    await page.waitForURL((url) => url.pathname === HOME);
    const user = (await (await userInfo).json()) as Envelope<{ name: string }>;
    expect(user.code).toBe(200);

    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'Admin-Token')?.value).toBe(
      (answer.data as { token: string }).token,
    );
    await page.getByRole('banner').getByText(user.data.name).waitFor();
    await page.getByRole('tree').getByText(HEADQUARTERS, { exact: true }).waitFor();
    await page.getByRole('tree').getByText('干线一分队').waitFor();
    await screenshot(page, 'databoard');
  });

  it('signs in silently with the remembered refresh token when the token cookie is gone', async () => {
    await context.clearCookies();
    const refresh = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
    await page.goto(HOME);
    expect(((await (await refresh).json()) as Envelope).code).toBe(200);
    await page.getByRole('tree').getByText(HEADQUARTERS, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(HOME);
  });

  it('logs out back to the login page with the remembered username', async () => {
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: '账号菜单' }).click();
    await page.getByRole('button', { name: /退出登录/ }).click();
    expect(((await (await loggedOut).json()) as Envelope).code).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(HOME);
    expect((await context.cookies()).some((cookie) => cookie.name === 'Admin-Token')).toBe(false);
    expect(await usernameInput().inputValue()).toBe('admin');
    expect(await page.getByRole('checkbox', { name: '记住我' }).isChecked()).toBe(true);

    await page.goto(HOME);
    await page.waitForURL((url) => url.pathname === '/login');
    await screenshot(page, 'logged-out');
  });

  it('sends a user whose token expired back to the login page with the reason', async () => {
    const direct = await fetch(`${server.baseUrl}/api/user/info`, {
      headers: { 'Auth-Token': 'expired-token' },
    });
    const answer = (await direct.json()) as Envelope;
    expect(answer.code).toBe(401);
    await context.addCookies([{ name: 'Admin-Token', value: 'expired-token', url: server.baseUrl }]);
    await page.goto(HOME);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(HOME);
    await page.locator('.ant-message-notice', { hasText: answer.msg }).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === 'Admin-Token')).toBe(false);
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/404');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
  });

  it('raised no script error in the page along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
