/**
 * What the browser downloads: the built web app (npm run build -w @fleet/web) served by the real
 * app, opened in Chromium. Prints the JavaScript of the login page as transferred (brotli), as gzip
 * and uncompressed (target: under 350 KB gzip), and what opening the monitoring map adds.
 *   npx tsx bench/web-weight.bench.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '@fleet/server/src/app';
import { loadConfig, REPO_ROOT } from '@fleet/server/src/config';
import { chromium, type Response } from 'playwright-core';

const dist = path.join(REPO_ROOT, 'apps/web/dist');
const config = {
  ...loadConfig({}),
  databaseUrl: 'sqlite::memory:',
  logLevel: 'silent',
  jt808Port: null,
  simulatorVehicles: 0,
};
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
let scripts: Response[] = [];
page.on('response', (r) => {
  if (r.request().resourceType() === 'script') scripts.push(r);
});

async function report(label: string): Promise<number> {
  let transferred = 0;
  let gzip = 0;
  let raw = 0;
  for (const response of scripts) {
    transferred += (await response.request().sizes()).responseBodySize;
    const file = readFileSync(path.join(dist, new URL(response.url()).pathname));
    raw += file.length;
    gzip += gzipSync(file, { level: 9 }).length;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `${label}: ${scripts.length} scripts, ${kb(transferred)} transferred (brotli), ${kb(gzip)} gzip, ${kb(raw)} uncompressed`,
  );
  scripts = [];
  return gzip;
}

await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
const loginGzip = await report('login page');
await page.getByLabel('用户名').fill('admin');
await page.getByLabel('密码', { exact: true }).fill('Admin@123');
await page.getByRole('button', { name: /^登\s*录$/ }).click();
await page.waitForURL((url) => url.pathname !== '/login');
await page.waitForLoadState('networkidle');
await report('after signing in (home)');
await page.getByText('全图监控').first().click();
await page.waitForLoadState('networkidle');
await report('opening the monitoring map');
await browser.close();
await app.close();
process.exit(loginGzip < 350 * 1024 ? 0 : 1);
