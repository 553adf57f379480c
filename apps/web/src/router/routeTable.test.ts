import { ROLE_PRESETS } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import {
  firstPagePath,
  menuTrail,
  navigationPages,
  navigationTree,
  pageKeyOfModule,
  resolvePath,
} from './routeTable';

/** The pages built so far: home, the personal centre and the two system pages. */
const built = new Set([
  'databoard/DataboardPage',
  'profile/ProfilePage',
  'system/UsersPage',
  'system/RolesPage',
]);
const titles = (nodes: readonly { title: string }[]) => nodes.map((node) => node.title);

describe('pageKeyOfModule', () => {
  it('turns a page file of import.meta.glob into its key', () => {
    expect(pageKeyOfModule('../features/databoard/pages/DataboardPage.tsx')).toBe('databoard/DataboardPage');
    expect(pageKeyOfModule('/src/features/profile/pages/ProfilePage.tsx')).toBe('profile/ProfilePage');
    expect(pageKeyOfModule('../features/profile/ProfileForm.tsx')).toBeUndefined();
  });
});

describe('navigationTree', () => {
  it('gives each demo role only its permitted modules that have built pages', () => {
    expect(titles(navigationTree(ROLE_PRESETS.admin, built))).toEqual(['首页', '信息管理']);
    expect(titles(navigationTree(ROLE_PRESETS.dispatch, built))).toEqual(['首页']);
    expect(titles(navigationTree(ROLE_PRESETS.finance, built))).toEqual(['首页']);
    expect(titles(navigationTree(ROLE_PRESETS.safety, built))).toEqual(['首页']);
  });

  it('keeps the groups that lead to a built page and drops the rest', () => {
    const information = navigationTree(ROLE_PRESETS.admin, built)[1];
    expect(titles(information?.children ?? [])).toEqual(['系统管理']);
    expect(titles(information?.children?.[0]?.children ?? [])).toEqual(['用户管理', '角色管理']);
  });

  it('leaves hidden pages and the top-bar screen links out of the menu', () => {
    const pages = navigationPages(navigationTree(ROLE_PRESETS.admin, new Set([...built, 'x/Screen'])));
    expect(pages.map((node) => node.path)).toEqual([
      '/databoard/index',
      '/permission/user',
      '/permission/role',
    ]);
  });

  it('drops pages whose code the user lacks', () => {
    const nav = navigationTree(['car01', 'car090401'], built);
    expect(navigationPages(nav).map((node) => node.path)).toEqual(['/databoard/index', '/permission/user']);
    expect(navigationTree([], built)).toEqual([]);
  });
});

describe('resolvePath', () => {
  it('opens a built page the user holds the code of, and the public personal centre', () => {
    expect(resolvePath('/databoard/index', ['car01'], built)).toMatchObject({
      kind: 'page',
      page: 'databoard/DataboardPage',
    });
    expect(resolvePath('/permission/set', [], built)).toMatchObject({
      kind: 'page',
      page: 'profile/ProfilePage',
    });
  });

  it('answers 401 for a built page outside the codes', () => {
    expect(resolvePath('/permission/user', ROLE_PRESETS.dispatch, built)).toEqual({ kind: 'unauthorized' });
    expect(resolvePath('/databoard/index', [], built)).toEqual({ kind: 'unauthorized' });
  });

  it('answers 404 for an unknown path and for a known path whose page is not built', () => {
    expect(resolvePath('/no/such/page', ROLE_PRESETS.admin, built)).toEqual({ kind: 'notFound' });
    expect(resolvePath('/alarm/driver/route', ROLE_PRESETS.admin, built)).toEqual({ kind: 'notFound' });
    expect(resolvePath('/information', ROLE_PRESETS.admin, built)).toEqual({ kind: 'notFound' });
    expect(resolvePath('/alarm/driver/route', [], built)).toEqual({ kind: 'notFound' });
  });
});

describe('menuTrail and firstPagePath', () => {
  it('lists the menus from the top-level route down to a page', () => {
    expect(titles(menuTrail('/permission/role'))).toEqual(['信息管理', '系统管理', '角色管理']);
    expect(titles(menuTrail('/truck-manage/info/42'))).toEqual([
      '信息管理',
      '基础信息',
      '车辆管理',
      '编辑车辆',
    ]);
    expect(menuTrail('/nowhere')).toEqual([]);
  });

  it("goes to a module's first page", () => {
    const [home, information] = navigationTree(ROLE_PRESETS.admin, built);
    expect(home && firstPagePath(home)).toBe('/databoard/index');
    expect(information && firstPagePath(information)).toBe('/permission/user');
  });
});
