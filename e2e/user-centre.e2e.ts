import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, screenshot, settled as settle } from './support/browser';
import type { RunningServer } from './support/server';
import { calls, openSession, type Session, signIn, tableRow } from './support/session';

let session: Session;
let server: RunningServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];

const row = tableRow;

function settled(target: Page): Promise<void> {
  return settle(target, 200);
}

async function pickTeam(target: Page, form: Locator, label: string, team: string): Promise<void> {
  await form.getByLabel(label).click();
  await target.keyboard.type(team);
  await target.locator('.ant-select-tree-title', { hasText: new RegExp(`^${team}$`) }).click();
}

beforeAll(async () => {
  session = await openSession({ account: 'admin' });
  ({ server, browser, page, pageErrors } = session);
});

afterAll(() => session?.close());

describe('push management', () => {
  it('starts empty, pushes a card that the dispatcher sees as a pop-up notice', async () => {
    await Promise.all([page.waitForResponse(calls('/tkui/push/list')), page.goto('/permission/pushManage')]);
    await page.locator('.ant-table-tbody .ant-empty').waitFor();
    await screenshot(page, 'push-list-empty');

    await button(page, '推送卡片').click();
    await page.waitForURL('**/permission/pushManage/pushCard');
    const form = page.locator('form#push');
    await button(page, '推送').click();
    await page.getByText('请选择推送车队').waitFor();
    await page.getByText('请输入标题').first().waitFor();
    await pickTeam(page, form, '推送车队', '干线一分队');
    await form.getByLabel('标题', { exact: true }).fill('雨天安全提示');
    await form.getByLabel('推送内容').fill('今明两天有大雨，途经山区路段请减速慢行，保持车距。');
    await form.getByLabel('落款').fill('安全管理部');
    await page.getByTestId('push-preview').getByText('雨天安全提示').waitFor();
    await settled(page);
    await screenshot(page, 'push-card-form');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/tkui/push/add')),
      button(page, '推送').click(),
    ]);
    expect((await added.json()).code).toBe(200);
    await page.waitForURL('**/permission/pushManage');
    await row(page, '雨天安全提示').waitFor();
    await row(page, '雨天安全提示').getByText('推送卡片').waitFor();

    const other = await browser.newContext({
      baseURL: server.baseUrl,
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
    });
    const dispatcher = await other.newPage();
    await signIn(dispatcher, 'dispatch', 'Dispatch@123');
    const notice = dispatcher.getByRole('dialog', { name: '公告' });
    await notice.waitFor();
    expect(await notice.getByRole('textbox').inputValue()).toContain('今明两天有大雨');
    await notice.getByText('安全管理部').waitFor();
    await other.close();
  });

  it('pushes a screen notice shown on the home page of the team, and deletes it', async () => {
    await page.goto('/permission/pushManage/pushScreen');
    const form = page.locator('form#push');
    await pickTeam(page, form, '推送车队', '示例物流有限公司');
    await form.getByLabel('标题', { exact: true }).fill('月度安全会议');
    await form.getByLabel('推送内容').fill('本周五下午三点在调度中心召开月度安全会议。');
    await Promise.all([page.waitForResponse(calls('/tkui/push/add')), button(page, '推送').click()]);
    await page.waitForURL('**/permission/pushManage');
    await page.goto('/databoard/index');
    await page.getByTestId('screen-notice').getByText('大屏通知：月度安全会议').waitFor();
    await settled(page);
    await screenshot(page, 'push-screen-notice-home');

    await Promise.all([page.waitForResponse(calls('/tkui/push/list')), page.goto('/permission/pushManage')]);
    await row(page, '月度安全会议').getByText('删除').click();
    await Promise.all([
      page.waitForResponse(calls('/tkui/push/delete')),
      button(page.locator('.ant-modal-confirm'), '确定').click(),
    ]);
    await expect.poll(() => row(page, '月度安全会议').count()).toBe(0);
    await row(page, '雨天安全提示').getByText('操作日志').click();
    await page
      .getByRole('dialog', { name: '操作日志' })
      .getByText('推送卡片「雨天安全提示」至干线一分队')
      .waitFor();
    await settled(page);
    await screenshot(page, 'push-list-log');
  });
});

describe('user authorisation', () => {
  it('grants a role for a period and revokes it', async () => {
    await Promise.all([
      page.waitForResponse(calls('/permission/authorization/list')),
      page.goto('/permission/authorization'),
    ]);
    await page.locator('.ant-table-tbody .ant-empty').waitFor();
    await button(page, '授权申请').click();
    await page.waitForURL('**/permission/authorizationApply');
    const form = page.locator('form#grant');
    await button(page, '提交授权').click();
    await page.getByText('请选择被授权用户').waitFor();
    await form.getByLabel('被授权用户').click();
    await page.locator('.ant-select-item-option', { hasText: '张调度' }).click();
    await form.getByLabel('授权角色').click();
    await page.locator('.ant-select-item-option', { hasText: /^财务$/ }).click();
    await form.getByLabel('授权原因').fill('月底对账期间协助审批运单费用');
    await settled(page);
    await screenshot(page, 'authorization-apply');
    const [applied] = await Promise.all([
      page.waitForResponse(calls('/permission/authorization/apply')),
      button(page, '提交授权').click(),
    ]);
    expect((await applied.json()).code).toBe(200);
    await page.waitForURL('**/permission/authorization');
    const granted = row(page, '张调度');
    await granted.getByText('生效中').waitFor();
    await settled(page);
    await screenshot(page, 'authorization-list');
    await granted.getByText('撤销').click();
    await Promise.all([
      page.waitForResponse(calls('/permission/authorization/revoke')),
      button(page.locator('.ant-modal-confirm'), '确定').click(),
    ]);
    await row(page, '张调度').getByText('已撤销').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
