import { describe, expect, it } from 'vitest';
import { connect } from '../apps/server/src/db/connection';
import {
  BOSS_SCREEN_URL,
  chartDrawn,
  type Envelope,
  eventually,
  HOME,
  OPERATOR_BRAND,
  openAccountMenu,
  shot,
  signIn,
  topMenu,
  useShellRun,
  VIEWPORTS,
} from './shell.support';
import { screenshot } from './support/browser';
import { apiSignIn } from './support/session';

/**
 * The shell around the user's account in Chromium: boss screen link, queued notices, cross-window
 * Jump messages, brand skins by host, /auth-redirect, the personal centre and password, logout and
 * back, the merchant switch, and the mobile sidebar.
 */

const run = useShellRun();
const newPage = run.newPage;

describe('shell behaviours', () => {
  const viewport = VIEWPORTS[0];

  it('opens the boss screen with the session in its query for a holder of car13 only', async () => {
    const page = await newPage(viewport);
    await page
      .context()
      .route(`${BOSS_SCREEN_URL}**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>老板大屏</title>' }),
      );
    const info = page.waitForResponse((response) => response.url().endsWith('/api/user/info'));
    await signIn(page, 'admin');
    const user = ((await (await info).json()) as Envelope<Record<string, unknown>>).data;
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: '老板大屏' }).click(),
    ]);
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(`${url.origin}${url.pathname}`).toBe(BOSS_SCREEN_URL);
    const team = user.team as Record<string, unknown>;
    const cookies = await page.context().cookies();
    expect(Object.fromEntries(url.searchParams)).toEqual({
      token: cookies.find((cookie) => cookie.name === 'Admin-Token')?.value,
      teamCode: team.teamCode,
      teamName: team.teamName,
      groupId: String(user.merchantId),
      teamId: String(team.teamId),
      userName: 'admin',
      userId: String(user.id),
      refreshToken: expect.stringMatching(/.{10,}/),
      merchantId: String(user.merchantId),
    });
    await popup.close();
    // The visualisation screen (car03) has no page yet, so it has no link.
    expect(await page.getByRole('button', { name: '可视化大屏' }).count()).toBe(0);

    const dispatch = await newPage(viewport);
    await signIn(dispatch, 'dispatch');
    expect(await dispatch.getByRole('button', { name: '老板大屏' }).count()).toBe(0);
  });

  it('shows the queued notices one after another and marks each read', async () => {
    const notices = [
      { popContent: '各车队注意：本周五起执行新的出车检查流程。', signatureContent: '安全管理部' },
      { popContent: '系统将于今晚 23:00 升级维护，请提前保存数据。', signatureContent: '信息中心' },
    ];
    // Two notices of the logistics merchant, already read by everyone but the safety officer.
    const ids: number[] = [];
    const database = connect(run.server().databaseUrl);
    try {
      const merchant = await database.db
        .selectFrom('merchant')
        .select('id')
        .where('name', '=', '示例物流有限公司')
        .executeTakeFirstOrThrow();
      for (const notice of notices) {
        const row = await database.db
          .insertInto('pop_message')
          .values({
            merchant_id: merchant.id,
            pop_content: notice.popContent,
            signature_content: notice.signatureContent,
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      const others = await database.db
        .selectFrom('app_user')
        .select('id')
        .where('username', '!=', 'safety')
        .execute();
      for (const user of others) {
        for (const id of ids) {
          await database.db
            .insertInto('pop_message_read')
            .values({ user_id: user.id, pop_message_id: id, read_at: Date.now() })
            .execute();
        }
      }
    } finally {
      await database.close();
    }

    const page = await newPage(viewport);
    const reads: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/popMsg/read')) reads.push(request.postDataJSON());
    });
    await signIn(page, 'safety');
    const dialog = page.getByRole('dialog', { name: '公告' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox').inputValue()).toBe(notices[0]?.popContent);
    expect(await dialog.getByRole('textbox').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByRole('textbox').getAttribute('maxlength')).toBe('500');
    await dialog.getByText('安全管理部').waitFor();
    await shot(page, 'shell-notice');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await eventually(() => dialog.getByRole('textbox').inputValue()).toBe(notices[1]?.popContent);
    await dialog.getByText('信息中心').waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(() => reads).toEqual([{ ids: [ids[0]] }, { ids: [ids[1]] }]);
    // Read notices do not come back.
    await page.reload();
    await topMenu(page).waitFor();
    await page.getByRole('heading', { name: /您好，/ }).waitFor();
    expect(await dialog.count()).toBe(0);
  });

  it('follows a Jump message of the energy-saving page and ignores other messages', async () => {
    const page = await newPage(viewport);
    await signIn(page, 'admin');
    await page.evaluate(() => {
      window.postMessage({ from: 'other', type: 'Jump', path: '/permission/role' }, window.location.origin);
      window.postMessage(
        { from: 'energy-saving', type: 'Close', path: '/permission/role' },
        window.location.origin,
      );
    });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe(HOME);
    await page.evaluate(() =>
      window.postMessage(
        { from: 'energy-saving', type: 'Jump', path: '/permission/user', query: { keyword: 'dispatch' } },
        window.location.origin,
      ),
    );
    await page.waitForURL((url) => url.pathname === '/permission/user' && url.search === '?keyword=dispatch');
  });

  it('skins the login page by host: built-in and operator brands', async () => {
    const { port } = new URL(run.server().baseUrl);
    for (const [host, title] of [
      ['coal.localhost', '煤炭运输管理平台'],
      ['meat.localhost', '冷链肉品物流平台'],
      ['heavy.localhost', '重卡车队管理平台'],
      ['east.localhost', OPERATOR_BRAND.title],
    ] as const) {
      const page = await newPage(viewport, `http://${host}:${port}`);
      await page.goto('/login');
      await page.getByRole('heading', { name: title }).waitFor();
      await eventually(() => page.title()).toBe(title);
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(icon).toBeTruthy();
      if (host !== 'east.localhost') expect(icon).not.toContain('default-logo');
      await screenshot(page, `shell-login-${host.split('.')[0]}`);
    }
  });

  it('signs in from /auth-redirect with a token made elsewhere', async () => {
    const { data } = await apiSignIn(run.server().baseUrl, 'finance');
    const page = await newPage(viewport);
    const query = new URLSearchParams({
      token: data.token,
      refreshToken: data.refreshToken,
      redirect: '/permission/set',
    });
    await page.goto(`/auth-redirect?${query}`);
    await page.waitForURL((url) => url.pathname === '/permission/set');
    await page.getByRole('tab', { name: '基本资料' }).waitFor();
    expect(await page.getByLabel('姓名').inputValue()).toBe('李财务');
  });

  it('saves the profile in the personal centre and changes the password', async () => {
    const page = await newPage(viewport);
    await signIn(page, 'dispatch');
    await chartDrawn(page);
    await openAccountMenu(page);
    await shot(page, 'shell-avatar-menu');
    await page.getByRole('button', { name: '个人中心' }).click();
    await page.waitForURL((url) => url.pathname === '/permission/set');

    await page.getByLabel('手机号码').fill('12345');
    await page.getByLabel('邮箱').fill('not-an-email');
    await page.getByRole('button', { name: '保存资料' }).click();
    await page.getByText('手机号码不符合规范').waitFor();
    await page.getByText('邮箱格式不符合规范').waitFor();

    await page.getByLabel('姓名').fill('张调度员');
    await page.getByLabel('手机号码').fill('13912345678');
    await page.getByLabel('邮箱').fill('dispatch@example.com');
    await page.getByLabel('个人简介').fill('负责干线一分队的日常调度。');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/user/info') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: '保存资料' }).click();
    expect(((await (await saved).json()) as Envelope).code).toBe(200);
    await page.locator('.ant-message-notice', { hasText: '个人资料已保存' }).waitFor();
    await page.getByRole('button', { name: '账号菜单' }).getByText('张调度员').waitFor();
    await shot(page, 'shell-profile');

    await page.reload();
    await page.getByRole('tab', { name: '基本资料' }).waitFor();
    expect(await page.getByLabel('姓名').inputValue()).toBe('张调度员');
    expect(await page.getByLabel('手机号码').inputValue()).toBe('13912345678');
    expect(await page.getByLabel('邮箱').inputValue()).toBe('dispatch@example.com');
    expect(await page.getByLabel('个人简介').inputValue()).toBe('负责干线一分队的日常调度。');

    // 修改密码 from the avatar menu: the policy first, then the server.
    await openAccountMenu(page);
    await page.getByRole('button', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByLabel('原密码').fill('Dispatch@123');
    await dialog.getByLabel('新密码', { exact: true }).fill('weak');
    await dialog.getByLabel('确认新密码').fill('other');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await dialog.getByText('两次输入的密码不一致').waitFor();
    await dialog.getByText('密码6-20位,且包含大小写、数字和特殊字符').waitFor();
    await shot(page, 'shell-change-password');
    await dialog.getByLabel('新密码', { exact: true }).fill('Dispatch@456');
    await dialog.getByLabel('确认新密码').fill('Dispatch@456');
    const reset = page.waitForResponse((response) => response.url().endsWith('/api/auth/reset'));
    await dialog.getByRole('button', { name: '确认修改' }).click();
    const answer = (await (await reset).json()) as Envelope;
    expect(answer.code).toBe(200);
    await page.locator('.ant-message-notice', { hasText: '密码修改成功' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Logout goes to /login?redirect=<fullPath>; signing in with the new password comes back.
    await openAccountMenu(page);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/permission/set');
    await page.getByLabel('用户名').fill('dispatch');
    await page.getByLabel('密码', { exact: true }).fill('Dispatch@456');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.waitForURL((url) => url.pathname === '/permission/set');
  });

  it('switches the admin from the logistics merchant to the coal merchant', async () => {
    const page = await newPage(viewport);
    await signIn(page, 'admin');
    await page.getByText('当前商户：示例物流有限公司').waitFor();
    await openAccountMenu(page);
    await page.getByRole('button', { name: '切换商户' }).click();
    const dialog = page.getByRole('dialog', { name: '切换商户' });
    await dialog.getByRole('radio', { name: /示例物流有限公司/ }).waitFor();
    expect(await dialog.getByRole('radio', { name: /示例物流有限公司/ }).isChecked()).toBe(true);
    await chartDrawn(page);
    await shot(page, 'shell-merchant-switch');
    await dialog.getByRole('radio', { name: /示例煤炭运输有限公司/ }).check();
    const picked = page.waitForResponse((response) => response.url().endsWith('/api/auth/pickMerchant'));
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    expect((await picked).status()).toBe(200);
    await reloaded;
    await page.getByText('当前商户：示例煤炭运输有限公司').waitFor();
    await openAccountMenu(page);
    await page.locator('.ant-popover').getByText('示例煤炭运输有限公司').first().waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-popover:not(.ant-popover-hidden)').waitFor({ state: 'hidden' });
    // The workbench now counts the coal merchant's three teams.
    await eventually(() =>
      page.locator('.ant-statistic').filter({ hasText: '车队数量' }).textContent(),
    ).toMatch(/车队数量\s*3\s*个/);
    await page.getByRole('tree').getByText('鄂尔多斯煤运车队').waitFor();
    expect(await page.getByRole('tree').getByText('干线运输车队').count()).toBe(0);
    await chartDrawn(page);
    await screenshot(page, 'shell-merchant-switched');
  });

  it('puts the sidebar in a drawer under 992 px and closes it on a route change', async () => {
    const page = await newPage({ width: 900, height: 800 });
    await signIn(page, 'admin');
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    const menu = page.getByRole('menu', { name: '侧边菜单' });
    await menu.waitFor();
    // a group the landing page already opened would close on a click: open each one until it says so
    for (const group of ['信息管理', '系统管理']) {
      const title = menu.getByRole('menuitem', { name: group });
      for (let tries = 0; tries < 3 && (await title.getAttribute('aria-expanded')) !== 'true'; tries++) {
        await title.click();
        await expect
          .poll(() => title.getAttribute('aria-expanded'), { timeout: 3_000 })
          .toBe('true')
          .catch(() => undefined);
      }
      expect(await title.getAttribute('aria-expanded')).toBe('true');
    }
    await shot(page, 'shell-mobile-sidebar');
    await menu.getByRole('menuitem', { name: '角色管理' }).click();
    await page.waitForURL((url) => url.pathname === '/permission/role');
    await menu.waitFor({ state: 'hidden' });
  });

  it('raised no script error in the pages along the way', () => {
    expect(run.pageErrors).toEqual([]);
  });
});
