import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, settled } from './support/browser';
import {
  apiSignIn,
  calls,
  type Envelope,
  type Session,
  sessionPerFile,
  shownPageHelpers,
  tmpShot,
} from './support/session';

// 审批设置 and 运单费用审批 as the demo's administrator: the demo's chain of two nodes on the settings
// page (the administrator approves at both), two demo waybills' fees submitted, one approved at the
// first node and rejected at the second with a comment on the approval page, the other approved by
// the batch with its per-item result, the rejected round's timeline, the reminder's jump query, and
// a third waybill's fees submitted with 提交审批 on its detail page, then seen on the approval page.

let page: Page;
let session: Session;

const { view, row, toast } = shownPageHelpers(() => page);
const shot = (name: string) => tmpShot(page, `fee-approval-${name}`);

sessionPerFile(
  { account: 'admin', name: 'fee-approval', tail: 2000, env: { SEED_DEMO_WAYBILLS: '1' } },
  (opened) => {
    ({ page } = opened);
    session = opened;
  },
);

const api = async <T>(token: string, url: string, body: unknown): Promise<Envelope<T>> => {
  const answer = await fetch(`${session.server.baseUrl}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'auth-token': token },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as Envelope<T>;
};

describe('审批设置 › 运单费用审批', () => {
  const rounds: { id: number; taskCode: string; billNo: string }[] = [];

  it("shows the demo's chain of two nodes on the settings page", async () => {
    await page.goto('/information/approve-setting');
    // the demo seeds 调度审核 → 财务审核, the administrator an approver at both
    for (const [seq, name] of [
      [1, '调度审核'],
      [2, '财务审核'],
    ] as const) {
      const card = view().getByTestId(`approve-node-${seq}`);
      await card.getByText(name).waitFor();
      await card.getByText('系统管理员').waitFor();
    }
    // a name the rule refuses is refused in the dialog
    await button(view(), '新增节点').click();
    const dialog = page.locator('.ant-modal', { hasText: '新增节点' });
    await dialog.getByLabel('节点名称').fill('部门#审核');
    await button(dialog, '确定').click();
    await dialog.getByText('请输入30个以内的中英文或者数字').waitFor();
    await button(dialog, '取消').click();
    await shot('settings');
  });

  it('approves at the first node and rejects at the second on the approval page', async () => {
    const { data } = await apiSignIn(session.server.baseUrl, 'admin');
    const token = data.token;
    const listed = await api<{ list: { id: number; billNo: string }[] }>(token, '/colliery/waybill/page', {
      pageNum: 1,
      pageSize: 50,
      status: 6,
    });
    for (const w of listed.data.list) {
      if (rounds.length === 2) break;
      const done = await api<{ id: number; taskCode: string }>(token, '/colliery/waybill/fee/tc/submit', {
        waybillId: w.id,
      });
      if (done.code === 200) rounds.push({ ...done.data, billNo: w.billNo });
    }
    expect(rounds).toHaveLength(2);
    const [a, b] = rounds as [(typeof rounds)[0], (typeof rounds)[0]];

    await page.goto('/smart-coal/wayBill-cost-approval');
    await row(a.taskCode).waitFor();
    await row(b.taskCode).waitFor();
    await row(a.taskCode).getByText('通过', { exact: true }).click();
    const approveDialog = page.locator('.ant-modal', { hasText: '审批通过' });
    await approveDialog.getByLabel('审批意见').fill('同意');
    await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/fee/tc/approval')),
      button(approveDialog, '确定').click(),
    ]);
    await toast('已通过').waitFor();
    await row(a.taskCode).getByText('财务审核').waitFor();

    await row(a.taskCode).getByText('驳回', { exact: true }).click();
    const rejectDialog = page.locator('.ant-modal', { hasText: '审批驳回' });
    await button(rejectDialog, '确定').click();
    await rejectDialog.getByText('请填写驳回意见').waitFor();
    await rejectDialog.getByLabel('审批意见').fill('装车费超出合同价');
    await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/fee/tc/approval')),
      button(rejectDialog, '确定').click(),
    ]);
    await toast('已驳回').waitFor();
    // no longer the administrator's to do
    await expect.poll(() => row(a.taskCode).count()).toBe(0);
    await shot('mine');
  });

  it('approves the other round by the batch and shows the per-item result', async () => {
    const b = rounds[1] as (typeof rounds)[0];
    await row(b.taskCode).locator('.ant-checkbox-input').check();
    await button(view(), '批量通过').click();
    const dialog = page.locator('.ant-modal', { hasText: '批量通过' });
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/fee/tc/batchApproval')),
      button(dialog, '确定').click(),
    ]);
    expect(((await answer.json()) as Envelope).code).toBe(200);
    const result = page.locator('.ant-modal', { hasText: '批量审批结果' });
    await result.getByTestId('batch-result-line').getByText('成功1条，未处理0条').waitFor();
    await result.locator('.ant-table-tbody').getByText(b.taskCode).waitFor();
    await shot('batch');
    await button(result, 'OK').click();
    await row(b.taskCode).getByText('财务审核').waitFor();
  });

  it('shows the rejected round with its fees and the tracking timeline, and filters by the reminder query', async () => {
    const a = rounds[0] as (typeof rounds)[0];
    await page.goto(
      `/smart-coal/wayBill-cost-approval?taskCode=${encodeURIComponent(a.taskCode)}&startTime=2000-01-01%2000:00:00&endTime=2100-01-01%2000:00:00`,
    );
    await row(a.taskCode).waitFor();
    await expect.poll(() => view().locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await row(a.taskCode).getByText('已驳回').waitFor();
    await row(a.taskCode).getByText('详情').click();
    const drawer = page.locator('.ant-drawer', { hasText: `费用审批详情 ${a.taskCode}` });
    const timeline = drawer.getByTestId('approval-timeline');
    await timeline.getByText('调度审核 · 通过').waitFor();
    await timeline.getByText('财务审核 · 驳回').waitFor();
    await timeline.getByText('装车费超出合同价').waitFor();
    expect(await drawer.locator('.ant-table-tbody').textContent()).toContain('已驳回');
    await shot('timeline');
  });

  it('submits the fees from the waybill detail and shows the round on the approval page', async () => {
    const { data } = await apiSignIn(session.server.baseUrl, 'admin');
    const listed = await api<{ list: { id: number; billNo: string }[] }>(
      data.token,
      '/colliery/waybill/page',
      {
        pageNum: 1,
        pageSize: 50,
        status: 6,
      },
    );
    let target: { id: number; billNo: string } | undefined;
    for (const w of listed.data.list) {
      const answer = await fetch(`${session.server.baseUrl}/api/colliery/waybill/info?id=${w.id}`, {
        headers: { 'auth-token': data.token },
      });
      const info = (
        (await answer.json()) as Envelope<{ approvalPending: boolean; fees: { state: number }[] }>
      ).data;
      if (!info.approvalPending && info.fees.some((f) => f.state === 1)) {
        target = w;
        break;
      }
    }
    expect(target, 'a completed waybill with fees 待审核 not in a round').toBeDefined();
    const w = target as { id: number; billNo: string };
    await page.goto(`/smart-coal/wayBill-detail?id=${w.id}`);
    const fees = view().locator('.ant-card', { hasText: '运单费用' }).first();
    await button(fees, '提交审批').click();
    const dialog = page.locator('.ant-modal-confirm', { hasText: '提交费用审批' });
    await dialog.getByText('将该运单待审核、已驳回的费用提交审批').waitFor();
    await settled(page);
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/colliery/waybill/fee/tc/submit')),
      button(dialog, '确定').click(),
    ]);
    const done = (await answer.json()) as Envelope<{ taskCode: string }>;
    expect(done.code).toBe(200);
    await toast(`已提交审批，审批编号 ${done.data.taskCode}`).waitFor();
    // the round under way: no second submission offered
    await expect.poll(() => button(fees, '提交审批').count()).toBe(0);
    await shot('detail-submitted');

    await page.goto('/smart-coal/wayBill-cost-approval');
    const round = row(done.data.taskCode);
    await round.getByText(w.billNo, { exact: true }).waitFor();
    await round.getByText('调度审核').waitFor();
    // at 1440 px the fixed actions column leaves the columns up to 线路 uncovered
    const header = view().locator('.ant-table-thead th');
    const actions = await header.filter({ hasText: '操作' }).boundingBox();
    for (const title of ['费用金额', '审批状态', '车牌号', '客户', '线路']) {
      const column = await header.filter({ hasText: title }).boundingBox();
      expect(column && actions && column.x + column.width <= actions.x + 1, `${title} clear of 操作`).toBe(
        true,
      );
    }
    await shot('list-1440');
  });
});
