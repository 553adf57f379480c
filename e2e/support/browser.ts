import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { REPO_ROOT } from './server';

export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e/artifacts');

/** Debian's Chromium, headless, with nothing phoning home. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A button by its text, spaces between the characters allowed (antd spaces two-character labels:
 * 上 传). Icons in the button lend it their names first (`plus 新增`), and so can a loading icon whose
 * leave motion never ended (it stays in the DOM, invisible, named `loading`), so those are allowed.
 */
export function button(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('button', { name: new RegExp(`^([a-z-]+ )*${[...text].join('\\s*')}$`) });
}

/**
 * Waits, before a screenshot, until no antd motion (rc-motion's -appear/-enter/-leave classes) is
 * under way, then `pauseMs` more. At most `limitMs`: a motion whose end event never comes (an
 * element hidden mid-transition) must not fail a test, so this never throws for it.
 */
export async function settled(page: Page, pauseMs = 200, limitMs = 5000): Promise<void> {
  await page
    .waitForFunction(
      () => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'),
      undefined,
      { timeout: limitMs },
    )
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    });
  await page.waitForTimeout(pauseMs);
}

/** Saves a full-page screenshot to e2e/artifacts/<name>.png (and to `alsoTo` when given). */
export async function screenshot(page: Page, name: string, alsoTo?: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  // The README's screenshots are refreshed only on request, so a test run leaves the tree clean.
  if (alsoTo && process.env.UPDATE_SCREENSHOTS === '1') {
    await mkdir(path.dirname(alsoTo), { recursive: true });
    await page.screenshot({ path: alsoTo });
  }
}
