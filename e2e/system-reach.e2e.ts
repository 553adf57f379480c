import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex as sha256 } from '../apps/server/src/modules/auth/tokens';
import { button, launchBrowser, screenshot, settled } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { newPage, signIn, tableRow } from './support/session';

/** A user and role administrator of 干线运输车队: below headquarters, which owns the demo roles. */
const FLEET_ADMIN = { username: 'fleet_admin', password: 'Fleet@2025', nickname: '车队管理员' };
const FLEET_CODES = ['car09', 'car0904', 'car090401', 'car090402'];

let server: RunningServer;
let browser: Browser;
let page: Page;

const row = (text: string) => tableRow(page, text);

async function api(url: string, body: unknown, token?: string) {
  const res = await fetch(`${server.baseUrl}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'auth-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: { id?: number; token?: string } };
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

beforeAll(async () => {
  server = await startServer();
  const admin = (await api('/auth/login', { username: 'admin', password: sha256('Admin@123') })).token;
  const role = await api('/system/role/add', { name: '车队管理', codes: FLEET_CODES }, admin);
  await api(
    '/system/user/add',
    {
      username: FLEET_ADMIN.username,
      password: sha256(FLEET_ADMIN.password),
      nickname: FLEET_ADMIN.nickname,
      teamCode: '1000001001',
      roleIds: [role.id],
    },
    admin,
  );
  const fleet = (
    await api('/auth/login', { username: FLEET_ADMIN.username, password: sha256(FLEET_ADMIN.password) })
  ).token;
  await api('/system/role/add', { name: '分队用户管理', codes: ['car09', 'car0904', 'car090401'] }, fleet);
  browser = await launchBrowser();
  page = await newPage(browser, server.baseUrl);
  await signIn(page, FLEET_ADMIN.username, FLEET_ADMIN.password);
});

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.stop();
});

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    await screenshot(page, `failed-system-reach-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-')}`);
  });
});

describe('a fleet-level administrator', () => {
  it('may only view the roles of headquarters, and change its own', async () => {
    await page.goto('/permission/role');
    await row('管理员').first().waitFor();
    expect(await row('管理员').first().getByText('编辑').count()).toBe(0);
    expect(await row('管理员').first().getByText('删除').count()).toBe(0);
    await row('分队用户管理').getByText('编辑').waitFor();
    expect(await row('车队管理').getByText('编辑').count()).toBe(0);
    await settled(page, 200);
    await screenshot(page, 'system-reach-roles');
    await row('管理员').first().getByText('查看').click();
    const dialog = page.getByRole('dialog', { name: '查看角色' });
    await dialog.locator('.ant-tree-title', { hasText: /^首页$/ }).waitFor();
    await settled(page, 200);
    await screenshot(page, 'system-reach-role-view');
    // the footer's button (the corner cross is named 关闭 too)
    await button(dialog, '关闭').last().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('is offered only the roles it may grant when it adds a user', async () => {
    await page.goto('/permission/user');
    await button(page, '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增用户' });
    await dialog.getByLabel('角色').click();
    const offered = page.locator('.ant-select-item-option', { hasText: '管理员（含有您没有的权限）' });
    await offered.waitFor();
    expect(await offered.getAttribute('aria-disabled')).toBe('true');
    const own = page.locator('.ant-select-item-option', { hasText: /^车队管理$/ });
    expect(await own.getAttribute('aria-disabled')).toBe('false');
    await settled(page, 200);
    await screenshot(page, 'system-reach-user-roles');
  });
});
