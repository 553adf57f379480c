import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, settled } from './support/browser';
import { copyWebDist, type RunningServer, startServer } from './support/server';
import { signIn } from './support/session';

/**
 * Issue 10, finding 26 in Chromium: with no tile server reachable (every request off the platform's
 * own address is refused, as on a closed network), the monitoring map draws the offline base map:
 * provinces with their names, prefecture-level cities with theirs when zoomed in, under the trucks.
 * Screenshots: e2e/artifacts/offline-map-*.png.
 */

let server: RunningServer;
let webCopy: string;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const offSite: string[] = [];

const PROVINCES = ['内蒙古', '河北', '山西', '山东', '北京', '天津', '辽宁', '河南'];

/** The offline base map's names that stand inside the map now. */
const names = () =>
  page
    .locator('.leaflet-offlineNames-pane')
    .first()
    .evaluate((pane) => {
      const map = pane.closest('.leaflet-container')?.getBoundingClientRect();
      return [...pane.querySelectorAll('span')]
        .filter((span) => {
          const box = span.getBoundingClientRect();
          return (
            !!map &&
            box.width > 0 &&
            box.left >= map.left &&
            box.right <= map.right &&
            box.top >= map.top &&
            box.bottom <= map.bottom
          );
        })
        .map((span) => span.textContent ?? '');
    });

/** Share of the offline outline canvas that is drawn (not transparent). */
const drawnShare = () =>
  page
    .locator('.leaflet-offlineShapes-pane canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) return 0;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let drawn = 0;
      for (let i = 3; i < data.length; i += 4 * 16) if ((data[i] ?? 0) > 0) drawn++;
      return drawn / (data.length / (4 * 16));
    });

beforeAll(async () => {
  webCopy = await copyWebDist();
  server = await startServer({
    env: { SIMULATOR_VEHICLES: '20', SIMULATOR_REPORT_SECONDS: '5', WEB_DIST_DIR: webCopy },
  });
  browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });
  // no internet: nothing but the platform answers
  await context.route(
    (url) => url.origin !== server.baseUrl,
    (route) => {
      offSite.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, 'admin');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webCopy) await rm(webCopy, { recursive: true, force: true });
});

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    console.error(`page errors: ${pageErrors.join('\n')}`);
    console.error(`server output:\n${server.output().slice(-2000)}`);
  });
});

describe('finding 26: the map without a tile server', () => {
  it('draws provinces with their names under the trucks on the monitoring map', async () => {
    await page.goto('/monitor/scatter/route');
    await page.getByText('离线底图').waitFor();
    await expect
      .poll(() => page.locator('.leaflet-marker-pane .leaflet-marker-icon').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await expect.poll(drawnShare).toBeGreaterThan(0.1);
    await expect.poll(names).toEqual(expect.arrayContaining(['内蒙古', '河北', '北京', '天津']));
    expect(offSite.length).toBeGreaterThan(0);
    await settled(page, 500);
    await screenshot(page, 'offline-map-monitor');
  });

  it('names the prefecture-level cities when zoomed in, so a truck can be placed', async () => {
    const zoomIn = page.getByRole('button', { name: '放大' }).first();
    for (let i = 0; i < 3; i++) {
      await zoomIn.click();
      await settled(page, 300);
    }
    await expect
      .poll(async () => (await names()).filter((n) => !PROVINCES.includes(n)).length)
      .toBeGreaterThanOrEqual(2);
    await settled(page, 500);
    await screenshot(page, 'offline-map-monitor-zoomed');
  });
});
