import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  type Account,
  chartDrawn,
  chooseTabAction,
  drawer,
  drawerEntry,
  eventually,
  expectedModules,
  HOME,
  openAccountMenu,
  openFromDrawer,
  rightClickTab,
  settle,
  shot,
  signIn,
  tab,
  tabBar,
  tabTitles,
  topMenu,
  useShellRun,
  VIEWPORTS,
} from './shell.support';
import { screenshot } from './support/browser';

/**
 * The application shell in Chromium at 1440×900 and 1280×800, as each demo account: menus from
 * the codes, 401 and 404, the sidebar, tabs and keep-alive, the all-functions drawer, settings.
 */

const run = useShellRun();
const newPage = run.newPage;

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  describe(`shell at ${size}`, () => {
    for (const account of Object.keys(ACCOUNTS) as Account[]) {
      it(`shows ${account} exactly the permitted modules that have pages`, async () => {
        const page = await newPage(viewport);
        await signIn(page, account);
        const modules = (await topMenu(page).getByRole('link').allInnerTexts()).map((text) => text.trim());
        expect(modules).toEqual(expectedModules(account));
        expect(modules[0]).toBe('首页');
        if (account === 'admin') expect(modules).toContain('信息管理');
        else expect(modules).not.toContain('信息管理');
        await page.getByRole('heading', { name: /您好，/ }).waitFor();
        expect(await page.title()).toBe('首页 - 车队管理平台');
        expect(await tabBar(page).count()).toBe(0);
        if (account === 'admin' || account === 'dispatch') {
          await chartDrawn(page);
          await screenshot(page, `shell-home-${account}-${size}`);
        }

        if (account !== 'admin') {
          // A page outside the codes answers 401; a known page that is not built yet answers 404.
          await page.goto('/permission/user');
          await page.waitForURL((url) => url.pathname === '/401');
          await page.getByText('抱歉，您没有访问该页面的权限').waitFor();
          if (account === 'dispatch') await screenshot(page, `shell-401-${size}`);
          await page.getByRole('button', { name: '返回首页' }).click();
          await page.waitForURL((url) => url.pathname === HOME);
          await page.goto(
            account === 'finance' ? '/data-analysis/business/fleet' : '/safe-report/risk-monitor',
          );
          await page.waitForURL((url) => url.pathname === '/404');
          await page.getByText('抱歉，您访问的页面不存在').waitFor();
          if (account === 'dispatch') await screenshot(page, `shell-404-${size}`);
        }
      });
    }

    it('shows the sidebar of the current module with home first, and the admin its system pages', async () => {
      const page = await newPage(viewport);
      await signIn(page, 'admin');
      await topMenu(page).getByRole('link', { name: '信息管理' }).click();
      // the module opens on its first page (车辆管理); the system pages are in its sidebar
      await page.waitForURL((url) => url.pathname === '/truck-manage/index');
      await openFromDrawer(page, '用户管理');
      await page.waitForURL((url) => url.pathname === '/permission/user');
      await eventually(() => page.title()).toBe('用户管理 - 车队管理平台');
      const sidebar = page.getByRole('menu', { name: '侧边菜单' });
      const collapsed = viewport.width <= 1360;
      expect(await page.locator('.ant-layout-sider-collapsed').count()).toBe(collapsed ? 1 : 0);
      if (!collapsed) {
        const items = await sidebar.getByRole('menuitem').allInnerTexts();
        expect(items[0]).toBe('首页');
        expect(items).toEqual(expect.arrayContaining(['系统管理', '用户管理', '角色管理']));
        // A divider right after home, the first item.
        expect(await sidebar.locator('li').nth(1).getAttribute('role')).toBe('separator');
      }
      await page.locator('[data-view="/permission/user"] .ant-table').waitFor();
      await screenshot(page, `shell-module-${size}`);
    });

    it('keeps one tab a view, home pinned, pages alive until refreshed, and closes others', async () => {
      const page = await newPage(viewport);
      await signIn(page, 'admin');
      expect(await tabTitles(page)).toEqual([]);

      await openAccountMenu(page);
      await page.getByRole('button', { name: '个人中心' }).click();
      await page.waitForURL((url) => url.pathname === '/permission/set');
      await eventually(() => tabTitles(page)).toEqual(['首页', '个人中心']);
      expect(
        await tabBar(page)
          .getByRole('button', { name: /^关闭 首页/ })
          .count(),
      ).toBe(0);

      // Keep-alive: an unsaved draft survives a visit to another tab.
      const introduction = page.getByLabel('个人简介');
      await introduction.fill('这是一段尚未保存的草稿');
      await tab(page, '首页').click();
      await page.waitForURL((url) => url.pathname === HOME);
      await eventually(() => introduction.isVisible()).toBe(false);
      await tab(page, '个人中心').click();
      await page.waitForURL((url) => url.pathname === '/permission/set');
      expect(await introduction.inputValue()).toBe('这是一段尚未保存的草稿');

      await openFromDrawer(page, '用户管理');
      await page.waitForURL((url) => url.pathname === '/permission/user');
      await openFromDrawer(page, '角色管理');
      await openFromDrawer(page, '用户管理');
      await eventually(() => tabTitles(page)).toEqual(['首页', '个人中心', '用户管理', '角色管理']);

      // The context menu: 105 px wide; 刷新 mounts the page anew through /redirect.
      await rightClickTab(page, '个人中心');
      const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
      await eventually(async () => Math.round((await menu.boundingBox())?.width ?? 0)).toBe(105);
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
        '刷新',
        '关闭',
        '关闭其他',
        '关闭全部',
      ]);
      await shot(page, `shell-tabs-menu-${size}`);
      await chooseTabAction(page, '刷新');
      await page.waitForURL((url) => url.pathname === '/permission/set');
      await eventually(() => introduction.inputValue()).toBe('');

      await rightClickTab(page, '首页');
      expect(
        await menu.getByRole('menuitem', { name: '关闭', exact: true }).getAttribute('aria-disabled'),
      ).toBe('true');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      await rightClickTab(page, '角色管理');
      await chooseTabAction(page, '关闭其他');
      await eventually(() => tabTitles(page)).toEqual(['首页', '角色管理']);
      await page.waitForURL((url) => url.pathname === '/permission/role');

      await tabBar(page).getByRole('button', { name: '关闭 角色管理' }).click();
      await page.waitForURL((url) => url.pathname === HOME);
      expect(await tabTitles(page)).toEqual([]);

      await openFromDrawer(page, '角色管理');
      await rightClickTab(page, '角色管理');
      await chooseTabAction(page, '关闭全部');
      await page.waitForURL((url) => url.pathname === HOME);
      expect(await tabTitles(page)).toEqual([]);
    });

    it('opens the all-functions drawer 880 px wide with 5 columns, search and history', async () => {
      const page = await newPage(viewport);
      await signIn(page, 'admin');
      await page.getByRole('button', { name: /全\s*部/ }).click();
      await drawer(page).waitFor();
      await eventually(async () => Math.round((await drawer(page).boundingBox())?.width ?? 0)).toBe(880);
      expect(await drawer(page).locator('[data-column]').count()).toBe(5);
      await drawer(page).getByText('暂无搜索记录').waitFor();
      const information = drawer(page).getByRole('region', { name: '信息管理' });
      expect(await information.locator('button > span:first-child').allInnerTexts()).toEqual(
        expect.arrayContaining(['用户管理', '角色管理']),
      );
      await shot(page, `shell-all-functions-${size}`);

      const search = drawer(page).getByRole('combobox', { name: '搜索菜单' });
      await search.fill('角色');
      const option = page.locator('.ant-select-item-option', { hasText: '角色管理' });
      await option.waitFor();
      expect(await page.locator('.ant-select-item-option').count()).toBe(1);
      await shot(page, `shell-all-functions-search-${size}`);
      await option.click();
      await page.waitForURL((url) => url.pathname === '/permission/role');
      await drawer(page).waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: /全\s*部/ }).click();
      await search.fill('用户');
      await page.locator('.ant-select-item-option', { hasText: '用户管理' }).click();
      await page.waitForURL((url) => url.pathname === '/permission/user');

      await page.reload();
      await topMenu(page).waitFor();
      await page.getByRole('button', { name: /全\s*部/ }).click();
      const history = drawer(page).getByRole('region', { name: '最近搜索' });
      await history.waitFor();
      expect(await history.getByRole('button').allInnerTexts()).toEqual(['用户管理', '角色管理']);
      expect(
        JSON.parse((await page.evaluate(() => localStorage.getItem('menuHistory'))) ?? '[]') as string[],
      ).toEqual(['/permission/user', '/permission/role']);
      // Both pages were opened, so the user info now tags them latest and frequently used.
      await eventually(() => drawerEntry(page, '用户管理').textContent()).toMatch(/最新[\s\S]*常用/);
      await shot(page, `shell-all-functions-history-${size}`);
      await history.getByRole('button', { name: '角色管理' }).click();
      await page.waitForURL((url) => url.pathname === '/permission/role');
    });

    it('keeps the settings (theme colour, tags view, fixed header, sidebar logo) over a reload', async () => {
      const page = await newPage(viewport);
      await signIn(page, 'admin');
      const allButton = page.getByRole('button', { name: /全\s*部/ });
      const colourOf = () => allButton.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(await colourOf()).toBe('rgb(22, 119, 255)');

      await page.getByRole('button', { name: '系统设置' }).click();
      const settings = page.getByRole('dialog', { name: '系统布局配置' });
      await settings.waitFor();
      await settings.getByRole('button', { name: '#f5222d' }).click();
      await settings.getByRole('switch', { name: '开启标签栏' }).click();
      await settings.getByRole('switch', { name: '固定头部' }).click();
      await settings.getByRole('switch', { name: '侧边栏显示 Logo' }).click();
      await eventually(colourOf).toBe('rgb(245, 34, 45)');
      await chartDrawn(page);
      await shot(page, `shell-settings-${size}`);

      await page.reload();
      await topMenu(page).waitFor();
      await eventually(colourOf).toBe('rgb(245, 34, 45)');
      await page.getByRole('button', { name: '系统设置' }).click();
      await settings.waitFor();
      expect(await settings.getByRole('button', { name: '#f5222d' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(await settings.getByRole('switch', { name: '开启标签栏' }).isChecked()).toBe(false);
      expect(await settings.getByRole('switch', { name: '固定头部' }).isChecked()).toBe(false);
      expect(await settings.getByRole('switch', { name: '侧边栏显示 Logo' }).isChecked()).toBe(true);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden' });

      // Tags view off: no tab bar even after two views; the sidebar shows the brand.
      await openFromDrawer(page, '用户管理');
      expect(await tabBar(page).count()).toBe(0);
      if (viewport.width > 1360) await page.locator('aside').getByText('车队管理平台').waitFor();
      expect(
        await page
          .locator('header')
          .evaluate((element) => getComputedStyle(element.parentElement as Element).position),
      ).toBe('relative');
      await page.locator('[data-view="/permission/user"] .ant-table').waitFor();
      await settle(page);
      await screenshot(page, `shell-settings-applied-${size}`);

      await page.getByRole('button', { name: '系统设置' }).click();
      await settings.getByRole('button', { name: '恢复默认设置' }).click();
      await eventually(colourOf).toBe('rgb(22, 119, 255)');
      expect(await settings.getByRole('switch', { name: '固定头部' }).isChecked()).toBe(true);
    });

    it('remembers the sidebar collapsed or expanded', async () => {
      const page = await newPage(viewport);
      await signIn(page, 'admin');
      const collapsed = () => page.locator('.ant-layout-sider-collapsed').count();
      const initially = viewport.width <= 1360 ? 1 : 0;
      expect(await collapsed()).toBe(initially);
      await page.locator('.ant-layout-sider-trigger').click();
      await eventually(collapsed).toBe(1 - initially);
      if (viewport.width > 1360) {
        await page.reload();
        await topMenu(page).waitFor();
        expect(await collapsed()).toBe(1);
        await page.locator('.ant-layout-sider-trigger').click();
        await eventually(collapsed).toBe(0);
      }
    });
  });
}

describe('script errors', () => {
  it('raised none in the pages along the way', () => {
    expect(run.pageErrors).toEqual([]);
  });
});
