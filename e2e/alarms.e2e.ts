import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatDateTime, startOfShanghaiDay } from '@fleet/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../apps/server/src/db/connection';
import {
  type AlarmFixture,
  alarmRow,
  type FixtureTruck,
  fixtureTrucks,
  insertAlarms,
} from '../apps/server/src/modules/alarms/alarm-fixtures';
import { insertTrack } from '../apps/server/src/modules/monitor/test-fixtures';
import { button } from './support/browser';
import { exportDownload, firstSheet } from './support/import';
import { copyWebDist } from './support/server';
import {
  apiSignIn,
  calls,
  onFailureShotIn,
  openSession,
  type Session,
  shotIn,
  signIn,
  viewAt,
} from './support/session';

/**
 * The alarm pages in Chromium, as the demo admin, over alarms written into the server's database:
 * vehicle alarms (filter by plate, handle one, see it handled, its operation log, the export read
 * back) and active-safety alarms (evidence preview, type filter, a pop-up jump's query, the detail
 * drawer); then every other alarm page opens and is photographed. Screenshots go to
 * ALARM_SCREENSHOTS_DIR (not the repository).
 */

const SCREENSHOTS_DIR = process.env.ALARM_PAGES_SCREENSHOTS_DIR ?? path.join(tmpdir(), 'alarm-pages-shots');
const MIN = 60_000;

let session: Session;
let webCopy: string;
let page: Page;
let pageErrors: string[];
const trucks: Record<'a' | 'b' | 'c', FixtureTruck> = {} as never;
const ids: Record<string, number> = {};
const starts: Record<string, string> = {};

const view = (p: string) => viewAt(page, p);
const rows = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const shot = (name: string) => shotIn(page, SCREENSHOTS_DIR, name);

/** Opens a page and waits for its first list answer. */
async function open(
  p: string,
  listCall: string,
): Promise<{ list: { id: number; carNo: string }[]; total: number }> {
  const [answer] = await Promise.all([page.waitForResponse(calls(listCall)), page.goto(p)]);
  const body = (await answer.json()) as {
    code: number;
    data: { list: { id: number; carNo: string }[]; total: number };
  };
  expect(body.code).toBe(200);
  return body.data;
}

/** Clicks 查询 in a view and waits for the list answer. */
async function search(scope: Locator, listCall: string) {
  const [answer] = await Promise.all([page.waitForResponse(calls(listCall)), button(scope, '查询').click()]);
  return ((await answer.json()) as { data: { list: { id: number }[]; total: number } }).data;
}

/** An evidence photo uploaded like any other file (a picture of the login page). */
async function uploadPhoto(token: string): Promise<string> {
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 240 } });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'evidence.png');
  const res = await fetch(`${session.server.baseUrl}/api/file/upload`, {
    method: 'POST',
    headers: { 'auth-token': token },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { fullPath: string } };
  expect(body.code).toBe(200);
  return body.data.fullPath;
}

beforeAll(async () => {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  webCopy = await copyWebDist();
  session = await openSession({
    account: null,
    env: { WEB_DIST_DIR: webCopy },
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1600, height: 900 },
    acceptDownloads: true,
  });
  ({ page, pageErrors } = session);

  await page.goto('/login');
  const photo = await uploadPhoto((await apiSignIn(session.server.baseUrl, 'admin')).data.token);

  // Alarms of today (in the last minutes, never before today's 00:00 in Shanghai) and one of two days ago.
  const database = connect(session.server.databaseUrl);
  const db = database.db;
  [trucks.a] = (await fixtureTrucks(db, '10000010010001')) as [FixtureTruck];
  [trucks.b] = (await fixtureTrucks(db, '10000010010002')) as [FixtureTruck];
  [trucks.c] = (await fixtureTrucks(db, '10000010020001')) as [FixtureTruck];
  const now = Date.now();
  const dayStart = startOfShanghaiDay(new Date(now)).getTime();
  const ago = (minutes: number) => Math.max(now - minutes * MIN, dayStart + (60 - minutes) * 1000);
  const media = (n: number) => [{ type: 'photo' as const, url: photo, channel: n }];
  const fixtures: [string, FixtureTruck, AlarmFixture][] = [
    [
      'speeding',
      trucks.a,
      { code: 5004, start: ago(20), end: ago(20) + 65_000, speed: 108, level: 1, detail: { limitKmh: 100 } },
    ],
    ['parking', trucks.b, { code: 5003, start: ago(40) }],
    ['emergency', trucks.c, { code: 7001, start: ago(10), end: ago(9), driverId: null }],
    ['old', trucks.a, { code: 5004, start: now - 2 * 86_400_000, end: now - 2 * 86_400_000 + 30_000 }],
    [
      'collision',
      trucks.a,
      { code: 1001, start: ago(15), end: ago(15) + 4000, level: 1, speed: 72, media: media(1) },
    ],
    [
      'phone',
      trucks.b,
      { code: 2002, start: ago(5), end: ago(4), level: 2, media: [...media(1), ...media(2)] },
    ],
    ['fence', trucks.c, { code: 7101, start: ago(30), end: ago(30) }],
    ['theft', trucks.b, { code: 5012, start: ago(50), end: ago(48), detail: { dropLitres: 42 } }],
    ['urea', trucks.c, { code: 10007, start: ago(45), level: 1, detail: { value: 6 } }],
    ['late', trucks.a, { code: 4002, start: ago(35), end: ago(25) }],
  ];
  const inserted = await insertAlarms(
    db,
    fixtures.map(([, truck, f]) => alarmRow(truck, f)),
  );
  fixtures.forEach(([name, , f], i) => {
    ids[name] = inserted[i] as number;
    starts[name] = formatDateTime(new Date(f.start));
  });
  // the speeding truck's reports around its alarm: east along 39.9°N at about 100 km/h
  const speedingStart = fixtures[0]?.[2].start as number;
  await insertTrack(
    db,
    trucks.a.id,
    Array.from({ length: 49 }, (_, i) => ({
      time: speedingStart - 4 * MIN + i * 10_000,
      lat: 39.9 + Math.sin(i / 8) * 0.002,
      lng: 116.39 + i * 0.00033,
      speed: 95 + (i % 7) * 2,
    })),
  );
  await database.close();

  await signIn(page, 'admin');
}, 180_000);

afterAll(async () => {
  await session?.close();
  if (webCopy) await rm(webCopy, { recursive: true, force: true });
});

onFailureShotIn(
  SCREENSHOTS_DIR,
  () => page,
  () => session?.server,
);

describe('alarm pages', () => {
  it('lists, filters, handles and exports vehicle alarms, with the handling in the operation log', async () => {
    const first = await open('/alarm/driver/route', '/v2/web/alarm/drive/list');
    // today's driving and terminal alarms, newest first; the alarm of two days ago is outside today
    expect(first.list.map((r) => r.id)).toEqual([ids.emergency, ids.speeding, ids.parking, ids.theft]);
    const v = view('/alarm/driver/route');
    await expect.poll(() => rows(v).count()).toBe(4);
    const emergency = rows(v).filter({ hasText: '紧急报警' });
    await expect.poll(() => emergency.locator('text=未知司机').count()).toBe(1);
    const color = await emergency.locator('text=未知司机').evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(224, 49, 49)');
    const speeding = rows(v).filter({ hasText: '超速报警' });
    await speeding.getByText('1分5秒').waitFor();
    await speeding.getByText('限速值：100 km/h').waitFor();
    await shot('vehicle-alarms');

    // filter by plate
    await v.getByPlaceholder('车牌号/VIN').fill(trucks.a.car_no);
    const byPlate = await search(v, '/v2/web/alarm/drive/list');
    expect(byPlate.list.map((r) => r.id)).toEqual([ids.speeding]);
    await expect.poll(() => rows(v).count()).toBe(1);

    // handle it: 电话提醒司机 with a remark
    await rows(v).first().getByText('处理', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '处理报警' });
    await dialog.getByRole('combobox').click();
    await page.getByTitle('电话提醒司机').click();
    await dialog.getByPlaceholder(/处理经过/).fill('已电话提醒司机减速慢行');
    await shot('vehicle-alarms-handle');
    const [handled] = await Promise.all([
      page.waitForResponse(calls('/v2/web/alarm/handle')),
      button(dialog, '确定').click(),
    ]);
    expect(((await handled.json()) as { code: number }).code).toBe(200);
    await page.getByText('处理成功').waitFor();
    await rows(v).first().getByText('已处理').waitFor();
    await rows(v).first().getByText('系统管理员').waitFor();
    await rows(v).first().getByText('重新处理').waitFor();

    // the operation log dialog shows who did what
    await rows(v).first().getByText('操作日志').click();
    const log = page.getByRole('dialog', { name: '操作日志' });
    await log.getByText(/处理报警：超速报警.*处理方式：电话提醒司机；备注：已电话提醒司机减速慢行/).waitFor();
    await log.getByText('系统管理员').waitFor();
    await shot('vehicle-alarms-log');
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });

    // the detail drawer: facts, the rule's data and the handling record
    await rows(v).first().getByText('详情', { exact: true }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '报警详情' });
    await drawer.getByText('限速值', { exact: true }).waitFor();
    await drawer.getByText('100 km/h', { exact: true }).waitFor();
    await drawer.getByText('已电话提醒司机减速慢行').first().waitFor();
    await shot('vehicle-alarm-detail');
    await page.keyboard.press('Escape');

    // export exactly the filtered rows
    const { download, file } = await exportDownload(page, button(v, '导出'));
    expect(download.suggestedFilename()).toBe('车辆报警.xlsx');
    const sheet = await firstSheet(file);
    expect(sheet.rowCount).toBe(2);
    const cells = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(cells[0]).toBe(trucks.a.car_no);
    expect(cells[4]).toBe('超速报警');
    expect(cells).toContain('已处理');
    expect(cells).toContain('已电话提醒司机减速慢行');

    // handled only
    await v.getByPlaceholder('车牌号/VIN').fill('');
    await v.locator('.ant-form-item', { hasText: '处理状态' }).getByRole('combobox').click();
    await page.getByTitle('已处理').click();
    const onlyHandled = await search(v, '/v2/web/alarm/drive/list');
    expect(onlyHandled.list.map((r) => r.id)).toEqual([ids.speeding]);
  });

  it('shows active-safety alarms with their evidence, filters by type and takes a pop-up jump', async () => {
    await open('/video/event', '/v2/web/alarm/affairs/list');
    const v = view('/video/event');
    await expect.poll(() => rows(v).count()).toBe(2);
    await expect.poll(() => rows(v).first().locator('img').count()).toBe(2);
    await shot('safety-alarms');
    // a thumbnail opens the preview
    await rows(v).first().getByRole('button', { name: '证据1' }).click();
    await page.locator('.ant-image-preview-img').first().waitFor();
    await shot('safety-alarms-preview');
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview-img').first().waitFor({ state: 'detached' });

    // the type select offers this page's types only
    await v.locator('.ant-form-item', { hasText: '报警类型' }).getByRole('combobox').click();
    await page.getByTitle('前向碰撞预警').click();
    const byType = await search(v, '/v2/web/alarm/affairs/list');
    expect(byType.list.map((r) => r.id)).toEqual([ids.collision]);

    // handle it through the active-safety call
    await rows(v).first().getByText('处理', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '处理报警' });
    await dialog.getByText('忽略（误报等）').click();
    const [handled] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/affairs/alarm/handle/${ids.collision}`)),
      button(dialog, '确定').click(),
    ]);
    expect(((await handled.json()) as { code: number }).code).toBe(200);
    await rows(v).first().getByText('已忽略').waitFor();

    // a pop-up's 去处理 passes carNo, eventType and startTime
    const jump = new URLSearchParams({
      carNo: trucks.b.car_no,
      eventType: '2002',
      startTime: starts.phone as string,
    });
    await page.goto('/');
    const [answer] = await Promise.all([
      page.waitForResponse(calls('/v2/web/alarm/affairs/list')),
      page.goto(`/video/event?${jump}`),
    ]);
    const sent = JSON.parse(answer.request().postData() ?? '{}') as Record<string, unknown>;
    // the day of the alarm's start
    const day = (starts.phone as string).slice(0, 10);
    expect(sent).toMatchObject({
      carNo: trucks.b.car_no,
      eventType: 2002,
      startTime: `${day} 00:00:00`,
      endTime: `${day} 23:59:59`,
    });
    expect(
      ((await answer.json()) as { data: { list: { id: number }[] } }).data.list.map((r) => r.id),
    ).toEqual([ids.phone]);
    const jumped = view('/video/event');
    expect(await jumped.getByPlaceholder('车牌号/VIN').inputValue()).toBe(trucks.b.car_no);
    await expect.poll(() => rows(jumped).count()).toBe(1);
    await shot('safety-alarms-jump');
  });

  it('opens every other alarm page', async () => {
    const pages: [string, string, string, number][] = [
      ['/time/effect/alarm', '/plan/alarm/list', 'time-effect-alarms', ids.late as number],
      ['/alarm/repair/index', '/v2/web/alarm/fault/list', 'fault-alarms', ids.urea as number],
      [
        '/intellect-repair/hitch-query',
        '/intellect-repair/hitch-query/list',
        'repair-alarms',
        ids.urea as number,
      ],
      ['/alarm/station-fence', '/electricFence/notice/list', 'fence-alarms', ids.fence as number],
      ['/oil-consumption/suspected-theft', '/v2/web/alarm/oilTheft/list', 'oil-theft', ids.theft as number],
      ['/alarm/violation', '/vio/list', 'violations', ids.phone as number],
    ];
    for (const [p, call, name, id] of pages) {
      const data = await open(p, call);
      expect(
        data.list.map((r) => r.id),
        p,
      ).toContain(id);
      await expect.poll(() => rows(view(p)).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await shot(name);
    }
    const records = await open('/alarm/record', '/v2/web/alarm/record/list');
    expect(records.total).toBe(9);
    await shot('alarm-records');

    // the fault detail with its advice
    await page.goto(`/intellect-repair/hitch-query/detail?id=${ids.urea}`);
    await view('/intellect-repair/hitch-query/detail').getByText('维修建议').waitFor();
    await view('/intellect-repair/hitch-query/detail').getByText(/尿素/).first().waitFor();
    await shot('hitch-detail');

    // the alarm lookup page
    await page.goto(`/alarm/lookup/${ids.speeding}`);
    const lookup = view(`/alarm/lookup/${ids.speeding}`);
    await lookup.getByText('报警前后轨迹').waitFor();
    await lookup.getByText('已电话提醒司机减速慢行').first().waitFor();
    await shot('alarm-lookup');
    await lookup.locator('.leaflet-container').scrollIntoViewIfNeeded();
    expect(await lookup.getByText('报警前后无轨迹数据').count()).toBe(0);
    await shot('alarm-lookup-map');

    // over-speed risk by vehicle
    await open('/alarm/violation', '/vio/list');
    const [risk] = await Promise.all([
      page.waitForResponse(calls('/drive/alarm/overSpeedRisk')),
      button(view('/alarm/violation'), '超速风险').click(),
    ]);
    const riskData = ((await risk.json()) as { data: { list: { carNo: string; overSpeedCount: number }[] } })
      .data;
    expect(riskData.list.find((r) => r.carNo === trucks.a.car_no)?.overSpeedCount).toBeGreaterThanOrEqual(1);
    await shot('over-speed-risk');
    expect(pageErrors).toEqual([]);
  });
});
