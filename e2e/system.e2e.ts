import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { button, screenshot, settled as settle } from './support/browser';
import type { RunningServer } from './support/server';
import { calls, type Envelope, openSession, type Session, tableRow, toastOf } from './support/session';

const USERS = '/permission/user';
const ROLES = '/permission/role';
const NEW_USER = { username: 'zhao_lead', nickname: '赵队长', password: 'Fleet@2025' };
const NEW_ROLE = '车队长';

let session: Session;
let server: RunningServer;
let browser: Browser;
let page: Page;
let resetPassword = '';
let pageErrors: string[];

const toast = (text: string) => toastOf(page, text);
const row = (text: string) => tableRow(page, text);

/** Waits for antd's open and close animations to end, so a screenshot shows the settled screen. */
function settled(target: Page = page): Promise<void> {
  return settle(target, 200);
}

async function signIn(target: Page, username: string, password: string): Promise<Envelope> {
  await target.goto('/login');
  await target.getByLabel('用户名').fill(username);
  await target.getByLabel('密码', { exact: true }).fill(password);
  const [answer] = await Promise.all([
    target.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST'),
    button(target, '登录').click(),
  ]);
  return (await answer.json()) as Envelope;
}

/** Opens a page of the app and waits for its first list answer. */
async function openList(
  path: string,
  listCall: string,
): Promise<Envelope<{ list: unknown[]; total: number }>> {
  const [answer] = await Promise.all([page.waitForResponse(calls(listCall)), page.goto(path)]);
  return (await answer.json()) as Envelope<{ list: unknown[]; total: number }>;
}

beforeAll(async () => {
  session = await openSession({ account: 'admin' });
  ({ server, browser, page, pageErrors } = session);
  expect(session.login?.code).toBe(200);
});

afterAll(() => session?.close());

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    await settled();
    await screenshot(page, `failed-system-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-')}`);
    console.error(`server output:\n${server.output()}`);
  });
});

describe('用户管理', () => {
  it('lists the users of the merchant with the spec pagination', async () => {
    const first = await openList(USERS, '/system/user/page');
    expect(first.code).toBe(200);
    await row('dispatch').waitFor();
    for (const header of ['用户名', '姓名', '手机号', '所属车队', '角色', '状态', '创建时间', '操作']) {
      await page.getByRole('columnheader', { name: header, exact: true }).first().waitFor();
    }
    const created = (await row('dispatch').locator('td').nth(6).textContent()) ?? '';
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.getByText(`共 ${first.data.total} 条`).waitFor();
    await page.getByRole('combobox', { name: '10 条/页' }).waitFor();
    await settled();
    await screenshot(page, 'system-users');
  });

  it('searches by keyword, shows 暂无数据 without pagination, and resets', async () => {
    const keyword = page.getByLabel('关键字');
    await keyword.fill('dispatch');
    const [found] = await Promise.all([
      page.waitForResponse(calls('/system/user/page')),
      button(page, '查询').click(),
    ]);
    const answer = (await found.json()) as Envelope<{ list: { username: string }[] }>;
    expect(answer.data.list.map((u) => u.username)).toEqual(['dispatch']);
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);

    await keyword.fill('nobody-like-this');
    await Promise.all([page.waitForResponse(calls('/system/user/page')), button(page, '查询').click()]);
    await page.locator('.ant-table-tbody .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    expect(await page.locator('.ant-pagination').count()).toBe(0);
    await settled();
    await screenshot(page, 'system-users-empty');

    await Promise.all([page.waitForResponse(calls('/system/user/page')), button(page, '重置').click()]);
    await row('admin').waitFor();
    expect(await keyword.inputValue()).toBe('');
  });

  it('adds a user through the dialog, with the Chinese messages for a bad phone and email', async () => {
    await button(page, '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增用户' });
    await dialog.waitFor();
    await dialog.getByLabel('用户名').fill(NEW_USER.username);
    await dialog.getByLabel('初始密码').fill('weak');
    await dialog.getByLabel('确认密码').fill('other');
    await dialog.getByLabel('姓名').fill(NEW_USER.nickname);
    await dialog.getByLabel('手机号').fill('1381234');
    await dialog.getByLabel('邮箱').fill('zhao@');
    await button(dialog, '确定').click();
    await dialog.getByText('手机号码不符合规范').waitFor();
    await dialog.getByText('邮箱格式不符合规范').waitFor();
    await dialog.getByText('密码6-20位,且包含大小写、数字和特殊字符').waitFor();
    await dialog.getByText('两次输入的密码不一致').waitFor();
    await dialog.getByText('请选择所属车队').waitFor();
    await dialog.getByText('请至少选择一个角色').waitFor();
    await settled();
    await screenshot(page, 'system-user-dialog-errors');

    await dialog.getByLabel('初始密码').fill(NEW_USER.password);
    await dialog.getByLabel('确认密码').fill(NEW_USER.password);
    await dialog.getByLabel('手机号').fill('13912345678');
    await dialog.getByLabel('邮箱').fill('zhao@example.cn');
    await dialog.getByLabel('所属车队').click();
    await page.locator('.ant-select-tree-title', { hasText: /^城配车队$/ }).click();
    await dialog.getByLabel('角色').click();
    await page.locator('.ant-select-item-option', { hasText: /^调度员$/ }).click();
    await dialog.getByText('新增用户').click();
    await expect.poll(() => dialog.getByText('手机号码不符合规范').count()).toBe(0);

    const [added] = await Promise.all([
      page.waitForResponse(calls('/system/user/add')),
      button(dialog, '确定').click(),
    ]);
    const body = added.request().postDataJSON() as { password: string; roleIds: number[]; teamCode: string };
    expect(body.password).toMatch(/^[0-9a-f]{64}$/);
    expect(body.teamCode).toBe('1000001002');
    expect(((await added.json()) as Envelope).code).toBe(200);
    await toast('创建成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row(NEW_USER.username).waitFor();
    const cells = await row(NEW_USER.username).locator('td').allInnerTexts();
    expect(cells.slice(0, 6)).toEqual([
      NEW_USER.username,
      NEW_USER.nickname,
      '13912345678',
      '城配车队',
      '调度员',
      '启用',
    ]);
    await settled();
    await screenshot(page, 'system-user-added');
  });

  it("resets the user's password and shows it once with a copy button", async () => {
    await row(NEW_USER.username).getByText('重置密码').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(`确定重置用户“${NEW_USER.nickname}”的密码吗？`, { exact: false }).waitFor();
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/system/user/resetPassword')),
      button(confirm, '确定').click(),
    ]);
    const reset = (await answer.json()) as Envelope<{ password: string }>;
    const shown = page.getByTestId('new-password');
    await shown.waitFor();
    resetPassword = (await shown.textContent()) ?? '';
    expect(resetPassword).toBe(reset.data.password);
    await page.getByRole('button', { name: '复制密码' }).waitFor();
    await settled();
    await screenshot(page, 'system-reset-password');
    const result = page.getByRole('dialog', { name: '密码已重置' });
    await button(result.locator('.ant-modal-footer'), '关闭').click();
    await result.waitFor({ state: 'hidden' });
  });

  it('shows the operation log of the user', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/colliery/operate/log/tc/page')),
      row(NEW_USER.username).getByText('操作日志').click(),
    ]);
    const request = answer.request().postDataJSON() as { pageEnum: number; pageSize: number };
    expect(request).toMatchObject({ pageEnum: 1, pageSize: 10 });
    const dialog = page.getByRole('dialog', { name: '操作日志' });
    await dialog.getByText('重置密码', { exact: true }).waitFor();
    await dialog.getByText(`新增用户 ${NEW_USER.username}`, { exact: false }).waitFor();
    await settled();
    await screenshot(page, 'system-operation-log');
    await dialog.locator('.ant-modal-close').click();
  });

  it('hides a column for this user through the column settings, and keeps it after a reload', async () => {
    await page.getByRole('button', { name: '列设置' }).click();
    const dialog = page.getByRole('dialog', { name: '列设置' });
    await dialog.getByRole('checkbox', { name: '手机号' }).uncheck();
    await settled();
    await screenshot(page, 'system-column-settings');
    const [saved] = await Promise.all([
      page.waitForResponse(calls('/message/saveFieldSet')),
      button(dialog, '保存').click(),
    ]);
    expect(saved.request().postDataJSON()).toEqual({
      pageKey: 'system/users',
      fields: ['username', 'nickname', 'teamName', 'roleNames', 'status', 'createdAt'],
    });
    await expect.poll(() => page.getByRole('columnheader', { name: '手机号' }).count()).toBe(0);

    await openList(USERS, '/system/user/page');
    await row('admin').waitFor();
    expect(await page.getByRole('columnheader', { name: '手机号' }).count()).toBe(0);

    await page.getByRole('button', { name: '列设置' }).click();
    await button(dialog, '恢复默认').click();
    await Promise.all([page.waitForResponse(calls('/message/saveFieldSet')), button(dialog, '保存').click()]);
    await page.getByRole('columnheader', { name: '手机号' }).first().waitFor();
  });

  it('lets the new user sign in with the reset password in a fresh browser', async () => {
    const fresh = await browser.newContext({
      baseURL: server.baseUrl,
      locale: 'zh-CN',
      viewport: { width: 1280, height: 800 },
    });
    try {
      const other = await fresh.newPage();
      const answer = await signIn(other, NEW_USER.username, resetPassword);
      expect(answer.code).toBe(200);
      await other.waitForURL((url) => url.pathname !== '/login');
      await other.getByText(NEW_USER.nickname).first().waitFor();
      await settled(other);
      await screenshot(other, 'system-new-user-home');
    } finally {
      await fresh.close();
    }
  });
});

describe('角色管理', () => {
  it('adds a role with two menu codes', async () => {
    await openList(ROLES, '/system/role/list');
    await row('管理员').first().waitFor();
    await settled();
    await screenshot(page, 'system-roles');
    await button(page, '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增角色' });
    await dialog.getByLabel('角色名称').fill(NEW_ROLE);
    await dialog.getByLabel('备注').fill('车队日常管理');
    const treeNode = (title: string) =>
      dialog
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
    await treeNode('首页').locator('.ant-tree-checkbox').click();
    await treeNode('全图监控').locator('.ant-tree-checkbox').click();
    await dialog.getByText('2 项').waitFor();
    await settled();
    await screenshot(page, 'system-role-dialog');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/system/role/add')),
      button(dialog, '确定').click(),
    ]);
    expect(added.request().postDataJSON()).toEqual({
      name: NEW_ROLE,
      remark: '车队日常管理',
      codes: ['car01', 'car02'],
    });
    expect(((await added.json()) as Envelope).code).toBe(200);
    await toast('创建成功').waitFor();
    await row(NEW_ROLE).waitFor();
    expect(await row(NEW_ROLE).locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining([NEW_ROLE, '车队日常管理', '0', '2 项']),
    );
    await settled();
    await screenshot(page, 'system-role-added');
  });

  it('counts the same permissions of a role in the list and in its dialog', async () => {
    await openList(ROLES, '/system/role/list');
    for (const name of ['调度员', '管理员']) {
      const listed = (await row(name).first().locator('td').allInnerTexts()).find((text) =>
        /^\d+ 项$/.test(text),
      );
      expect(listed, name).toBeDefined();
      await row(name).first().getByText('编辑').click();
      const dialog = page.getByRole('dialog', { name: '编辑角色' });
      await dialog.locator('.ant-tree-title', { hasText: /^首页$/ }).waitFor();
      await dialog.getByText(listed as string, { exact: true }).waitFor();
      await settled();
      await screenshot(page, `system-role-count-${name}`);
      await button(dialog, '取消').click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('deletes the role after a confirmation', async () => {
    await row(NEW_ROLE).getByText('删除').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(`确定删除角色“${NEW_ROLE}”吗？`).waitFor();
    await Promise.all([page.waitForResponse(calls('/system/role/delete')), button(confirm, '确定').click()]);
    await toast('删除成功').waitFor();
    await expect.poll(() => row(NEW_ROLE).count()).toBe(0);
  });

  it('raised no script error in the page along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
