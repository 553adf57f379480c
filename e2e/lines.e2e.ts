import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { button, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { calls, newPage, signIn, tableRow, tmpShot, viewAt } from './support/session';

let browser: Browser;

/** One signed-in browser on one server, with the helpers of the line pages. */
async function session(server: RunningServer) {
  const errors: string[] = [];
  const page = await newPage(browser, server.baseUrl, { viewport: { width: 1440, height: 1000 } }, errors);
  const context = page.context();
  current = page;
  await signIn(page, 'dispatch');

  /** The page of the route in the address bar: right after a navigation, the page left may still be shown. */
  const view = () => viewAt(page, new URL(page.url()).pathname);
  const row = (text: string) => tableRow(view(), text);
  const address = (i: number) => view().getByTestId(`row-address-${i}`);
  const addresses = async () => view().locator('[data-testid^="row-address-"]').allTextContents();
  const notCalculated = async () => {
    const out: number[] = [];
    const count = await view().locator('[data-testid="station-table"] tbody tr.ant-table-row').count();
    for (let i = 1; i < count; i++)
      if ((await view().getByTestId(`not-calculated-${i}`).count()) > 0) out.push(i);
    return out;
  };
  const shot = (name: string) => tmpShot(page, name);
  /** Row `i`'s address through the map address picker's keyword search. */
  const pick = async (i: number, keyword: string, option: string) => {
    await view().getByRole('button', { name: '地图选点' }).nth(i).click();
    const picker = page.getByRole('dialog', { name: '选择地址' });
    await picker.waitFor();
    await Promise.all([
      page.waitForResponse(calls('/geo/search')),
      picker.getByPlaceholder('请输入地址关键字搜索').fill(keyword),
    ]);
    const choice = page.locator('.ant-select-item-option:visible', { hasText: option }).first();
    await choice.waitFor();
    // the suggestions settle (the list re-renders once the answer is in) before the click
    await page.waitForTimeout(400);
    await choice.click();
    await picker.getByTestId('picked-address').getByText(option).waitFor();
    await button(picker, '保存').click();
    await picker.waitFor({ state: 'hidden' });
  };
  const recalculate = async () => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/route/calculate')),
      view()
        .getByRole('button', { name: /重新计算/ })
        .click(),
    ]);
    return (await answer.json()) as { code: number; data: { baiduMapProduce: boolean; notice: string } };
  };
  const save = async (call: string) => {
    const [answer] = await Promise.all([
      page.waitForResponse(calls(call)),
      view()
        .locator('.ant-card-extra')
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .click(),
    ]);
    const body = (await answer.json()) as { code: number; msg: string };
    expect(body, body.msg).toMatchObject({ code: 200 });
    await page.waitForURL((url) => url.pathname === '/car-dispatch/route');
  };
  return {
    context,
    page,
    errors,
    view,
    row,
    address,
    addresses,
    notCalculated,
    shot,
    pick,
    recalculate,
    save,
  };
}

let current: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    await current?.screenshot({ path: '/tmp/fleet-e2e-lines-failed.png', fullPage: true });
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('线路管理 without an online map service', () => {
  let server: RunningServer;
  let s: Awaited<ReturnType<typeof session>>;
  beforeAll(async () => {
    server = await startServer();
    s = await session(server);
  });
  afterAll(async () => {
    await s?.context.close();
    await server?.stop();
  });

  it('builds a line: end stays last on insert, distances estimated and marked not map-calculated', async () => {
    const { page, view, row } = s;
    await Promise.all([page.waitForResponse(calls('/colliery/line/page')), page.goto('/car-dispatch/route')]);
    await button(view(), '新增').click();
    await page.waitForURL((url) => url.pathname === '/car-dispatch/route/addNewLine');
    await view().getByLabel('线路名称').fill('东胜至天津港');
    expect(await s.addresses()).toEqual(['请选择地址', '请选择地址']);
    await s.pick(0, '东胜', '东胜区');
    await s.pick(1, '天津港', '天津港');
    await view()
      .getByRole('button', { name: /添加途经点/ })
      .click();
    // the new waypoint goes before the end, which stays last
    expect(await s.addresses()).toEqual([
      '内蒙古自治区鄂尔多斯市东胜区',
      '请选择地址',
      '天津市滨海新区天津港',
    ]);
    await s.pick(1, '张家口', '张家口市');
    expect(await s.notCalculated()).toEqual([1, 2]);

    const answer = await s.recalculate();
    expect(answer.data).toMatchObject({ baiduMapProduce: false });
    await view().getByText('未配置在线地图服务').first().waitFor();
    expect(await s.notCalculated()).toEqual([1, 2]);
    const total = (await view().getByTestId('line-total').textContent()) ?? '';
    expect(Number(/全程 ([\d.]+) 公里/.exec(total)?.[1])).toBeGreaterThan(700);
    await s.shot('line-edit-builtin');

    await s.save('/colliery/line/add');
    await row('东胜至天津港').getByText('未经地图计算').waitFor();
    await s.shot('lines-list');
    expect(s.errors).toEqual([]);
  });
});

describe('线路管理 with an online map service (a stand-in for AMap on loopback)', () => {
  let amap: Server;
  let server: RunningServer;
  let s: Awaited<ReturnType<typeof session>>;
  beforeAll(async () => {
    // 100 km and 75 minutes a leg; every other AMap call fails, and the gazetteer answers instead
    amap = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/v3/direction/driving') {
        res.end(
          JSON.stringify({ status: '1', route: { paths: [{ distance: '100000', duration: '4500' }] } }),
        );
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => amap.listen(0, '127.0.0.1', resolve));
    const port = (amap.address() as AddressInfo).port;
    server = await startServer({ env: { AMAP_KEY: 'e2e-key', AMAP_BASE_URL: `http://127.0.0.1:${port}` } });
    s = await session(server);
  });
  afterAll(async () => {
    await s?.context.close();
    await server?.stop();
    await new Promise<void>((resolve) => amap.close(() => resolve()));
  });

  it('edits a line following business section 4 exactly', async () => {
    const { page, view, row } = s;
    await Promise.all([page.waitForResponse(calls('/colliery/line/page')), page.goto('/car-dispatch/route')]);
    await button(view(), '新增').click();
    await page.waitForURL((url) => url.pathname === '/car-dispatch/route/addNewLine');
    await view().getByLabel('线路名称').fill('准格尔至曹妃甸');
    await s.pick(0, '准格尔', '准格尔旗');
    await s.pick(1, '曹妃甸', '曹妃甸');
    await view()
      .getByRole('button', { name: /添加途经点/ })
      .click();
    await s.pick(1, '张家口', '张家口市');
    const first = await s.recalculate();
    expect(first.data).toMatchObject({ baiduMapProduce: true, notice: '' });
    expect(await s.notCalculated()).toEqual([]);
    await view().getByText('已经地图计算').first().waitFor();
    await s.save('/colliery/line/add');

    // edit: everything map-calculated as saved
    const listRow = row('准格尔至曹妃甸');
    await listRow.getByText('编辑').click();
    await page.waitForURL((url) => url.pathname === '/car-dispatch/route/editNewLine');
    await s
      .address(2)
      .getByText(/曹妃甸/)
      .waitFor();
    expect(await s.notCalculated()).toEqual([]);

    // a change marks that row and the next as not map-calculated
    await s.pick(1, '宣化', '宣化区');
    expect(await s.notCalculated()).toEqual([1, 2]);
    await s.shot('line-edit-changed');

    // inserting before the end keeps the end last; the new row and the end are not map-calculated
    await s.recalculate();
    expect(await s.notCalculated()).toEqual([]);
    await view()
      .getByRole('button', { name: /添加途经点/ })
      .click();
    const rows = await s.addresses();
    expect(rows).toHaveLength(4);
    expect(rows[2]).toBe('请选择地址');
    expect(rows[3]).toMatch(/曹妃甸/);
    expect(await s.notCalculated()).toEqual([2, 3]);
    await s.pick(2, '唐山', '唐山市');

    // deleting the first row resets it to an empty start row
    await view().getByRole('button', { name: '删除1' }).click();
    const after = await s.addresses();
    expect(after).toHaveLength(4);
    expect(after[0]).toBe('请选择地址');
    await view()
      .locator('[data-testid="station-table"] tbody tr.ant-table-row')
      .first()
      .getByText('起点')
      .waitFor();
    expect(await s.notCalculated()).toEqual([1, 2, 3]);
    await s.shot('line-edit-first-deleted');
    await s.pick(0, '东胜', '东胜区');
    await s.recalculate();
    expect(await s.notCalculated()).toEqual([]);
    await s.save('/colliery/line/edit');
    const saved = row('准格尔至曹妃甸');
    await saved.getByText('内蒙古自治区鄂尔多斯市东胜区').waitFor();
    expect(await saved.getByText('未经地图计算').count()).toBe(0);
    await saved.getByText('300.0').waitFor();
    expect(s.errors).toEqual([]);
  });
});
