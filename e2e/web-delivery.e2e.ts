import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, settled } from './support/browser';
import { REPO_ROOT } from './support/server';
import { openSession, type Session, signIn } from './support/session';

/** Issue 10, findings 9 and 25: the built app under its Content-Security-Policy, compressed, loaded by page. */
const DIST = path.join(REPO_ROOT, 'apps/web/dist');
const LOGIN_JS_GZIP_LIMIT = 350 * 1024;

let session: Session;
let page: Page;
const violations: string[] = [];
let pageErrors: string[];
let scripts: Response[] = [];

beforeAll(async () => {
  session = await openSession({ account: null });
  ({ page, pageErrors } = session);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
}, 180_000);

afterAll(async () => {
  await session?.close();
});

/**
 * What the scripts loaded since the last call weighed: as transferred, and gzipped at level 9; and
 * whether every script of 1 KB or more (the build precompresses those) came brotli-encoded.
 */
async function scriptWeight(): Promise<{
  names: string[];
  transferred: number;
  gzip: number;
  allBrotli: boolean;
}> {
  const loaded = scripts;
  scripts = [];
  let transferred = 0;
  let gzip = 0;
  let allBrotli = true;
  for (const response of loaded) {
    transferred += (await response.request().sizes()).responseBodySize;
    const file = await readFile(path.join(DIST, new URL(response.url()).pathname));
    gzip += gzipSync(file, { level: 9 }).length;
    const encoding = (await response.allHeaders())['content-encoding'];
    if (file.length >= 1024 && encoding !== 'br') allBrotli = false;
  }
  return { names: loaded.map((r) => path.basename(new URL(r.url()).pathname)), transferred, gzip, allBrotli };
}

describe('the built web app', () => {
  it('loads the login page compressed, under 350 KB of gzip JavaScript, without the other pages’ code', async () => {
    await page.goto('/login');
    await page.getByLabel('用户名').waitFor();
    await page.waitForLoadState('networkidle');
    const weight = await scriptWeight();
    console.info(
      `login page: ${weight.names.length} scripts, ${(weight.transferred / 1024).toFixed(1)} KB transferred (brotli), ${(weight.gzip / 1024).toFixed(1)} KB as gzip`,
    );
    expect(weight.allBrotli).toBe(true);
    expect(weight.gzip).toBeLessThan(LOGIN_JS_GZIP_LIMIT);
    expect(weight.names.filter((n) => /Databoard|Monitor|Alarm|Driver|Truck/.test(n))).toEqual([]);
    await screenshot(page, 'csp-login');
    expect(violations).toEqual([]);
  });

  it('signs in and shows home and the monitoring map under the CSP, each page’s code loaded when opened', async () => {
    await signIn(page, 'admin');
    await page.waitForLoadState('networkidle');
    await settled(page);
    await screenshot(page, 'csp-home');
    await scriptWeight();
    await page.goto('/monitor/scatter/route');
    await page.locator('.leaflet-container').first().waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page, 1000);
    await screenshot(page, 'csp-monitor-map');
    // the map page's own code came when it was opened
    const opened = await scriptWeight();
    console.info(`opening the monitoring map loaded: ${opened.names.join(', ')}`);
    expect(opened.names.some((n) => /^Monitor/.test(n))).toBe(true);
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('sends the security headers with the page', async () => {
    const response = await page.request.get('/login');
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-cache');
    // and Chromium enforces it: a script written into the page is refused
    await page.evaluate(() => {
      const injected = document.createElement('script');
      injected.textContent = 'window.injected = true';
      document.head.append(injected);
    });
    await expect.poll(() => violations.length).toBe(1);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  });
});
