import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../apps/server/src/db/connection';
import { alarmRow, fixtureTrucks, insertAlarms } from '../apps/server/src/modules/alarms/alarm-fixtures';
import { button, launchBrowser, settled } from './support/browser';
import { REPO_ROOT, type RunningServer, startServer } from './support/server';
import { calls, newPage, shotIn, shownPageHelpers, signIn } from './support/session';

/**
 * Issue 10, finding 24 in Chromium: wide tables (trucks, active-safety alarms with their evidence)
 * scroll with every column reachable beside the fixed 操作 column, the bell stays visible beside its
 * count, a line's map is fitted to the line, and a customer's contact phone takes a landline.
 * Screenshots go to e2e/artifacts/usability-*.png.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const SHOTS = path.join(REPO_ROOT, 'e2e/artifacts');

const { view, row } = shownPageHelpers(() => page);
const bell = () => page.getByRole('button', { name: /^报警提醒 / });

const shot = (name: string, clip?: { x: number; y: number; width: number; height: number }) =>
  shotIn(page, SHOTS, `usability-${name}`, clip);

/** Unread alarm messages of the admin (what the bell counts). */
async function addUnread(count: number): Promise<void> {
  const database = connect(server.databaseUrl);
  try {
    const admin = await database.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const rows = Array.from({ length: count }, (_, i) => ({
      user_id: admin.id,
      merchant_id: 1,
      type: 1,
      code: 5004,
      title: '超速报警',
      content: `测试超速 ${i}`,
      created_at: now - i * 1000,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await database.db
        .insertInto('message')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  } finally {
    await database.close();
  }
}

interface Overlap {
  column: string;
  covered: boolean;
  overflows: boolean;
  why?: string;
}

/**
 * Scrolls the table of the view so that each column in turn stands just left of the right-fixed
 * columns, and reports whether its header is covered there, and whether any of its cells overflows
 * its width. Also answers whether the horizontal scroll bar is on screen.
 */
async function reachColumns(scope: Locator) {
  return scope.evaluate(async (root) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const body = root.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
    if (!body) throw new Error('no table body');
    const first = [...root.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];
    const heads = [...root.querySelectorAll<HTMLElement>('.ant-table-thead th')];
    const rightFixed = (cell: Element) =>
      cell.classList.contains('ant-table-cell-fix-end') ||
      cell.classList.contains('ant-table-cell-fix-right');
    const fixedStart = () =>
      Math.min(
        ...[...(first[0]?.children ?? [])].filter(rightFixed).map((c) => c.getBoundingClientRect().left),
      );
    /** Whether the content of a cell stays inside it. */
    const fits = (cell: Element) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const content = range.getBoundingClientRect();
      const own = cell.getBoundingClientRect();
      return content.width === 0 || (content.left >= own.left - 1 && content.right <= own.right + 1);
    };
    const columns: Overlap[] = [];
    const cells = [...(first[0]?.children ?? [])] as HTMLElement[];
    for (const [index, cell] of cells.entries()) {
      const title = heads[index]?.textContent?.trim() ?? '';
      if (!title || rightFixed(cell) || cell.classList.contains('ant-table-selection-column')) continue;
      const bodyLeft = body.getBoundingClientRect().left;
      body.scrollLeft = Math.max(0, cell.offsetLeft + cell.offsetWidth - (fixedStart() - bodyLeft));
      await frame();
      const box = cell.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      columns.push({
        column: title,
        covered: !(hit && cell.contains(hit)),
        why: `${hit?.className} ${Math.round(box.left)}-${Math.round(box.right)} fixed ${Math.round(fixedStart())} sl ${body.scrollLeft} ${body.scrollWidth}/${body.clientWidth}`,
        overflows: first.some((tr) => {
          const c = tr.children[index];
          return c !== undefined && !fits(c);
        }),
      });
    }
    body.scrollLeft = 0;
    await frame();
    const bar = root.querySelector<HTMLElement>('.ant-table-sticky-scroll');
    const barBox = bar?.getBoundingClientRect();
    const barOnScreen = !!barBox && barBox.height > 0 && barBox.bottom <= window.innerHeight + 1;
    return { columns, barOnScreen, scrolls: body.scrollWidth > body.clientWidth };
  });
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  // active-safety alarms with two evidence photos each, on the demo trucks of 干线一分队
  const database = connect(server.databaseUrl);
  const trucks = await fixtureTrucks(database.db, '10000010010001');
  const now = Date.now();
  const photo = (channel: number) => ({ type: 'photo' as const, url: '/api/file/none.png', channel });
  await insertAlarms(
    database.db,
    trucks.slice(0, 8).map((truck, i) =>
      alarmRow(truck, {
        code: [1001, 1002, 2002][i % 3] as number,
        start: now - (i + 2) * 60_000,
        end: now - (i + 1) * 60_000,
        level: 1,
        speed: 70,
        media: [photo(1), photo(2)],
      }),
    ),
  );
  await database.close();
  await addUnread(12);

  browser = await launchBrowser();
  page = await newPage(
    browser,
    server.baseUrl,
    { timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } },
    pageErrors,
  );
  await signIn(page, 'admin');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    console.error(`page errors: ${pageErrors.join('\n')}`);
    console.error(`server output:\n${server.output().slice(-2000)}`);
  });
});

describe('finding 24: what a new user hit', () => {
  it.each([
    ['trucks', '/truck-manage/index', '证件到期'],
    ['evidence', '/video/event', '证据'],
  ])('the %s table scrolls with every column reachable beside 操作', async (name, url, last) => {
    await page.goto(url);
    await view().locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await settled(page, 300);
    await shot(`${name}-table`);
    const table = await reachColumns(view().locator('.ant-table-wrapper').first());
    expect(table.scrolls).toBe(true);
    expect(table.barOnScreen).toBe(true);
    expect(table.columns.map((c) => c.column)).toContain(last);
    expect(table.columns.filter((c) => c.covered || c.overflows)).toEqual([]);
    // the far right: the last columns stand beside 操作, not under it
    await view()
      .locator('.ant-table-body, .ant-table-content')
      .first()
      .evaluate((body) => {
        body.scrollLeft = body.scrollWidth;
      });
    await shot(`${name}-table-right`);
  });

  it('shows the bell beside its count, also at 999+', async () => {
    await page.goto('/databoard/index');
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('报警提醒 12');
    const boxes = async () =>
      bell().evaluate((button) => {
        const icon = button.querySelector('.anticon-bell')?.getBoundingClientRect();
        const count = button.querySelector('.ant-badge-count')?.getBoundingClientRect();
        const own = button.getBoundingClientRect();
        if (!icon || !count) return null;
        return {
          apart: count.left >= icon.right || count.bottom <= icon.top,
          inside: count.left >= own.left && count.right <= own.right + 1,
        };
      });
    expect(await boxes()).toEqual({ apart: true, inside: true });
    const barClip = { x: 960, y: 0, width: 320, height: 56 };
    await shot('bell-12', barClip);
    await addUnread(1000);
    await page.reload();
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('报警提醒 999+');
    expect(await boxes()).toEqual({ apart: true, inside: true });
    await shot('bell-999', barClip);
  });

  it('opens a line to edit with the map fitted to the line, also after the side bar changes its width', async () => {
    // wide enough for the side bar to stand beside the page (narrower windows lay it over the page)
    await page.setViewportSize({ width: 1600, height: 900 });
    await Promise.all([page.waitForResponse(calls('/colliery/line/page')), page.goto('/car-dispatch/route')]);
    await view().locator('.ant-table-tbody tr.ant-table-row').first().getByText('编辑').click();
    const map = view().getByRole('region', { name: /线路/ });
    await map.locator('.leaflet-marker-pane .leaflet-marker-icon').first().waitFor();
    const fitted = () =>
      map.evaluate((element) => {
        const own = element.getBoundingClientRect();
        const pins = [...element.querySelectorAll('.leaflet-marker-pane .leaflet-marker-icon')].map((m) =>
          m.getBoundingClientRect(),
        );
        const left = Math.min(...pins.map((p) => p.left + p.width / 2));
        const right = Math.max(...pins.map((p) => p.left + p.width / 2));
        const top = Math.min(...pins.map((p) => p.bottom));
        const bottom = Math.max(...pins.map((p) => p.bottom));
        const dx = Math.abs((left + right) / 2 - (own.left + own.width / 2)) / own.width;
        const dy = Math.abs((top + bottom) / 2 - (own.top + own.height / 2)) / own.height;
        const fill = Math.max((right - left) / own.width, (bottom - top) / own.height);
        return dx < 0.02 && dy < 0.05 && fill > 0.3 ? 'fitted' : `off by ${dx}, ${dy}, filling ${fill}`;
      });
    await map.scrollIntoViewIfNeeded();
    await expect.poll(fitted).toBe('fitted');
    await shot('line-map');
    // the side bar opens and the map narrows without the window changing: Leaflet keeps the map's
    // top-left corner then, and the line must not drift to a side
    // the side bar's own fold button at its foot
    await page.locator('.ant-layout-sider-trigger').click();
    await settled(page, 500);
    await expect.poll(fitted).toBe('fitted');
    await map.scrollIntoViewIfNeeded();
    await shot('line-map-sidebar');
    await page.locator('.ant-layout-sider-trigger').click();
    await settled(page, 500);
    await expect.poll(fitted).toBe('fitted');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('takes a landline as a customer contact phone in the form', async () => {
    await Promise.all([
      page.waitForResponse(calls('/colliery/customer/page')),
      page.goto('/smart-coal/customer'),
    ]);
    await button(view(), '新增').click();
    const dialog = page.getByRole('dialog', { name: '新增客户' });
    await dialog.getByLabel('客户名称').fill('座机联系客户');
    await dialog.getByLabel('联系电话').fill('12345');
    await button(dialog, '确定').click();
    await dialog
      .getByText('联系电话应为手机号或固定电话（如13812345678、010-12345678、400-123-4567）')
      .waitFor();
    await dialog.getByLabel('联系电话').fill('010-12345678');
    const [added] = await Promise.all([
      page.waitForResponse(calls('/colliery/customer/add')),
      button(dialog, '确定').click(),
    ]);
    expect(((await added.json()) as { code: number }).code).toBe(200);
    expect(added.request().postDataJSON()).toMatchObject({ contactPhone: '010-12345678' });
    await row('010-12345678').waitFor();
  });
});
