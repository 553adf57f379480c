import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, settled as settle } from './support/browser';
import { calls, type Envelope, sessionPerFile, tableRow, tmpShot, toastOf, viewAt } from './support/session';

let page: Page;
let pageErrors: string[];

const row = (text: string) => tableRow(view(), text);
const toast = (text: string) => toastOf(page, text);
/** The page of the route in the address bar: right after a navigation, the page left may still be shown. */
const view = () => viewAt(page, new URL(page.url()).pathname);

function settled(): Promise<void> {
  return settle(page, 300);
}

const shot = (name: string) => tmpShot(page, name, false);

/** Clicks the fence map at fractions of its width and height. */
async function clickMap(fx: number, fy: number, button: 'left' | 'right' = 'left'): Promise<void> {
  const box = await view().locator('section[aria-label="站点围栏地图"]').boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy, { button });
}

/** Saves the station page and waits for the list after it. */
async function saveStation(call: '/station/add' | '/station/update'): Promise<Envelope> {
  const [answer] = await Promise.all([
    page.waitForResponse(calls(call)),
    view()
      .locator('.ant-card-extra')
      .getByRole('button', { name: /保\s*存/ })
      .click(),
  ]);
  const body = (await answer.json()) as Envelope;
  expect(body, body.msg).toMatchObject({ code: 200 });
  await page.waitForURL((url) => url.pathname === '/information/station');
  return body;
}

sessionPerFile({ account: 'dispatch', name: 'stations', tail: 4000 }, (opened) => {
  ({ page, pageErrors } = opened);
});

describe('站点围栏管理', () => {
  it('picks an address by keyword, warns in Chinese when nothing is found, and draws a circle fence', async () => {
    await Promise.all([page.waitForResponse(calls('/station/list')), page.goto('/information/station')]);
    // none of its own yet: the stations of 干线运输车队 above it, to read and pick, without 编辑
    await row('天津开发区物流中心').getByText('日志').waitFor();
    expect(await row('天津开发区物流中心').getByText('编辑').count()).toBe(0);
    await button(view(), '新增').click();
    await page.waitForURL((url) => url.pathname === '/information/station/info/circle');
    await page.getByText('新增站点围栏').first().waitFor();
    await view().getByLabel('站点名称').fill('东胜煤矿装货点');

    await button(view(), '选择地址').click();
    const picker = page.getByRole('dialog', { name: '选择地址' });
    await picker.waitFor();
    const search = picker.getByPlaceholder('请输入地址关键字搜索');
    await Promise.all([page.waitForResponse(calls('/geo/search')), search.fill('找不到的地方xyz')]);
    await toast('未找到相关地点，请输入详细地址').waitFor();
    await search.fill('');
    await Promise.all([page.waitForResponse(calls('/geo/search')), search.fill('东胜')]);
    const option = page.locator('.ant-select-item-option', { hasText: '东胜区' }).first();
    await option.waitFor();
    await shot('address-picker');
    await option.click();
    await picker.getByTestId('picked-address').getByText('内蒙古自治区鄂尔多斯市东胜区').waitFor();
    await button(picker, '保存').click();
    await picker.waitFor({ state: 'hidden' });
    expect(await view().getByPlaceholder('地址').inputValue()).toBe('内蒙古自治区鄂尔多斯市东胜区');

    // the picked place is the circle's centre; the radius is typed
    await view().locator('[data-fence-handle="centre"]').waitFor();
    await view().getByLabel('围栏半径').fill('800');
    await view().getByLabel('围栏半径').blur();
    await shot('station-circle');
    await saveStation('/station/add');
    await row('东胜煤矿装货点').getByText('圆形，半径800米').waitFor();
    await row('东胜煤矿装货点').getByText('内蒙古自治区鄂尔多斯市东胜区').waitFor();
  });

  it('draws a polygon by clicking vertices, drags and deletes one, and refuses a crossing shape', async () => {
    await page.goto('/information/station/info/polygon');
    await page.getByText('新增站点围栏').first().waitFor();
    await view().getByLabel('站点名称').fill('天津港卸货区');
    await page.getByText('在地图上依次点击添加顶点').waitFor();
    await view().locator('section[aria-label="站点围栏地图"]').waitFor();
    await settled();
    // a bow tie first: crossing edges are refused
    await clickMap(0.3, 0.3);
    await clickMap(0.7, 0.7);
    await clickMap(0.7, 0.3);
    await clickMap(0.3, 0.7);
    await expect.poll(() => view().getByTestId('vertex-count').textContent()).toBe('4个顶点');
    await view().getByTestId('fence-problem').getByText('多边形围栏的边不能交叉').waitFor();
    await button(view(), '清除').click();
    await expect.poll(() => view().locator('[data-fence-handle="vertex"]').count()).toBe(0);

    await clickMap(0.3, 0.3);
    await clickMap(0.7, 0.3);
    await clickMap(0.7, 0.7);
    await clickMap(0.3, 0.7);
    await clickMap(0.5, 0.85);
    await expect.poll(() => view().locator('[data-fence-handle="vertex"]').count()).toBe(5);
    // a right click removes the fifth vertex
    const fifth = view().locator('[data-fence-handle="vertex"][data-index="4"]');
    await fifth.click({ button: 'right' });
    await expect.poll(() => view().getByTestId('vertex-count').textContent()).toBe('4个顶点');
    // drag the first vertex up and left
    const first = await view().locator('[data-fence-handle="vertex"][data-index="0"]').boundingBox();
    if (!first) throw new Error('no vertex');
    await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
    await page.mouse.down();
    await page.mouse.move(first.x - 30, first.y - 30, { steps: 5 });
    await page.mouse.up();
    const moved = await view().locator('[data-fence-handle="vertex"][data-index="0"]').boundingBox();
    expect(moved?.x).toBeLessThan(first.x - 20);
    expect(await view().getByTestId('fence-problem').textContent()).toBe('');
    await shot('station-polygon');
    await saveStation('/station/add');
    await row('天津港卸货区').getByText('多边形，4个顶点').waitFor();
    await shot('stations-list');
  });

  it('edits the circle fence by dragging its radius handle, and the log says what changed', async () => {
    await row('东胜煤矿装货点').getByText('编辑').click();
    await page.waitForURL(/\/information\/station\/info\/\d+\/map$/);
    await page.getByText('编辑站点围栏').first().waitFor();
    const handle = view().locator('[data-fence-handle="radius"]');
    await handle.waitFor();
    await settled();
    expect(await view().getByLabel('围栏半径').inputValue()).toBe('800');
    const box = await handle.boundingBox();
    if (!box) throw new Error('no handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    const radius = Number(await view().getByLabel('围栏半径').inputValue());
    expect(radius).toBeGreaterThan(900);
    await saveStation('/station/update');
    await row('东胜煤矿装货点').getByText(`圆形，半径${radius}米`).waitFor();

    await row('东胜煤矿装货点').getByText('日志').click();
    const log = page.getByRole('dialog', { name: /操作日志/ });
    await log.getByText(`围栏半径：800米→${radius}米`).waitFor();
    await log.getByText('新增站点 东胜煤矿装货点（圆形，半径800米）').waitFor();
    await shot('station-log');
    expect(pageErrors).toEqual([]);
  });
});
