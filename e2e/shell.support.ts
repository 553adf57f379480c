import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MENU_TREE, type MenuNode, ROLE_PRESETS } from '@fleet/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './support/browser';
import { copyWebDist, REPO_ROOT, type RunningServer, startServer } from './support/server';
import { ACCOUNTS, type Account, newPage } from './support/session';

/** What the shell's browser tests share: the server and browser run, accounts, locators, actions. */

export { ACCOUNTS, type Account, type Envelope } from './support/session';

export const HOME = '/databoard/index';
export const BOSS_SCREEN_URL = 'https://boss.example.invalid/screen';
export const OPERATOR_BRAND = { key: 'east', hosts: ['east.localhost'], title: '华东冷运车队平台' };
export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;
export type Viewport = { readonly width: number; readonly height: number };

/** The page keys with a file in apps/web/src/features/<feature>/pages (what the build holds). */
function builtPages(): ReadonlySet<string> {
  const features = path.join(REPO_ROOT, 'apps/web/src/features');
  const keys = new Set<string>();
  for (const feature of readdirSync(features)) {
    const pages = path.join(features, feature, 'pages');
    if (!existsSync(pages)) continue;
    for (const file of readdirSync(pages))
      if (file.endsWith('.tsx')) keys.add(`${feature}/${file.slice(0, -4)}`);
  }
  return keys;
}

/**
 * The top-level modules a demo account must see, worked out from the menu data alone: a visible
 * node whose page file exists and whose code the role holds, or a module leading to one.
 */
export function expectedModules(account: Account): string[] {
  const codes = new Set(ROLE_PRESETS[account]);
  const built = builtPages();
  const shown = (node: MenuNode): boolean => {
    if (node.hidden || node.link) return false;
    const visibleChildren = (node.children ?? []).filter((child) => !child.hidden);
    if (visibleChildren.length > 0) return visibleChildren.some(shown);
    return node.page !== undefined && built.has(node.page) && (node.public === true || codes.has(node.code));
  };
  return MENU_TREE.filter(shown).map((node) => node.title);
}

export interface ShellRun {
  server(): RunningServer;
  /** A page in a fresh browser context (no cookies, no storage). */
  newPage(viewport: Viewport, baseURL?: string): Promise<Page>;
  /** Script errors of every page opened so far. */
  readonly pageErrors: readonly string[];
}

/**
 * Registers the hooks of a test file: the real server (serving a copy of the build, so a rebuild
 * while the tests run cannot take the page's chunks away, with a boss screen address and one
 * operator brand), one Chromium, and a screenshot of the last page when a test fails.
 */
export function useShellRun(): ShellRun {
  let server: RunningServer;
  let browser: Browser;
  let workDir: string | undefined;
  let webDist: string | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let lastPage: Page | undefined;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'fleet-shell-e2e-'));
    const brandsFile = path.join(workDir, 'brands.json');
    await writeFile(brandsFile, JSON.stringify([OPERATOR_BRAND]));
    webDist = await copyWebDist();
    server = await startServer({ env: { BOSS_SCREEN_URL, BRANDS_FILE: brandsFile, WEB_DIST_DIR: webDist } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      if (lastPage && !lastPage.isClosed()) {
        await screenshot(lastPage, `failed-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-')}`);
      }
      console.error(`server output:\n${server.output()}`);
    });
  });

  return {
    server: () => server,
    async newPage(viewport, baseURL = server.baseUrl) {
      const page = await newPage(browser, baseURL, { viewport }, pageErrors);
      contexts.push(page.context());
      lastPage = page;
      return page;
    },
    pageErrors,
  };
}

export const topMenu = (page: Page) => page.getByRole('navigation', { name: '顶部菜单' });
export const tabBar = (page: Page) => page.getByRole('navigation', { name: '标签栏' });
export const tab = (page: Page, title: string) =>
  tabBar(page).getByRole('button', { name: title, exact: true });
export const drawer = (page: Page) => page.getByRole('dialog', { name: '全部功能' });
/** An entry of the drawer's columns; its name may go on with 最新 / 常用 tags. */
export const drawerEntry = (page: Page, title: string) =>
  drawer(page)
    .locator('[data-column] button')
    .filter({ has: page.getByText(title, { exact: true }) });

export async function tabTitles(page: Page): Promise<string[]> {
  if ((await tabBar(page).count()) === 0) return [];
  return tabBar(page).locator('[data-tab] > button:first-child').allInnerTexts();
}

export async function signIn(page: Page, account: Account, redirect = HOME): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('用户名').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(ACCOUNTS[account]);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === redirect);
  await topMenu(page).waitFor();
}

export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.getByRole('button', { name: '退出登录' }).waitFor();
}

export async function openFromDrawer(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: /全\s*部/ }).click();
  await drawerEntry(page, title).click();
  await drawer(page).waitFor({ state: 'hidden' });
}

export async function rightClickTab(page: Page, title: string): Promise<void> {
  await tab(page, title).click({ button: 'right' });
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor();
}

export async function chooseTabAction(page: Page, action: string): Promise<void> {
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: action })
    .click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** Waits for the running transitions and animations (infinite ones aside) to end before a screenshot. */
export async function settle(page: Page): Promise<void> {
  await eventually(() =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
          ).length,
    ),
  ).toBe(0);
}

/** A screenshot of what the window shows (drawers, dialogs, menus over the page). */
export async function shot(page: Page, name: string): Promise<void> {
  await settle(page);
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}

/** Waits for the workbench's chart, which loads ECharts on its own. */
export async function chartDrawn(page: Page): Promise<void> {
  await page.getByRole('img', { name: '各车队用户数柱状图' }).locator('canvas').waitFor();
}

/** expect.poll with room for a slow machine (its default gives up after one second). */
export const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 10_000 });
