import { allMenuCodes, flattenMenus, MENU_HISTORY_LIMIT, MENU_TREE, type MenuNode } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { navigationTree } from '../router/routeTable';
import {
  addMenuHistory,
  allEntries,
  functionModules,
  historyEntries,
  menuTags,
  parseMenuHistory,
  searchEntries,
  searchOnlyEntries,
  spreadColumns,
} from './allFunctions';

const noTags = { newest: [], common: [] };
const viewer = { manager: false };

/** Pretends every page of the tree is built, to see the drawer as it will be. */
const withPages = (nodes: readonly MenuNode[]): MenuNode[] =>
  nodes.map((node) => ({
    ...node,
    page: node.page ?? `x/${node.path}`,
    children: node.children ? withPages(node.children) : undefined,
  }));

describe('functionModules', () => {
  const tree = withPages(MENU_TREE);
  const built = new Set(flattenMenus(tree).map((node) => node.page ?? ''));
  const nav = navigationTree(allMenuCodes(), built, tree);
  const modules = functionModules(nav, viewer, noTags);

  it('leaves out home and the two full-map monitors', () => {
    const paths = modules.map((module) => module.path);
    expect(paths).not.toContain('/databoard/index');
    expect(paths).not.toContain('/monitor/scatter/route');
    expect(paths).not.toContain('/monitor/scatter/newroute');
    expect(modules.map((module) => module.title)).toContain('信息管理');
    expect(modules.map((module) => module.title)).toContain('节能管理');
  });

  it("groups a module's pages under their sub-menus and titles the vehicle page for the viewer", () => {
    const information = modules.find((module) => module.title === '信息管理');
    const base = information?.groups.find((group) => group.title === '基础信息');
    expect(base?.entries.map((entry) => entry.title)).toContain('车辆信息');
    const asManager = functionModules(nav, { manager: true }, noTags);
    const managerEntries = allEntries(asManager).map((entry) => entry.title);
    expect(managerEntries).toContain('车辆管理');
  });

  it('gives a one-page module one entry, and marks pages that open a new tab', () => {
    const energy = modules.find((module) => module.path === '/tco/index');
    expect(energy?.groups).toEqual([
      { entries: [expect.objectContaining({ path: '/tco/index', title: '节能管理', newTab: false })] },
    ]);
    expect(allEntries(modules).find((entry) => entry.path === '/index/videoSurveillance')?.newTab).toBe(true);
  });
});

describe('spreadColumns', () => {
  const module = (title: string, pages: number) => ({
    path: `/${title}`,
    title,
    groups: [
      {
        entries: Array.from({ length: pages }, (_, i) => ({
          path: `/${title}/${i}`,
          title: `${title}${i}`,
          trail: [title],
          tags: [],
          newTab: false,
        })),
      },
    ],
  });

  it('gives 5 columns and puts each module into the shortest column so far', () => {
    const columns = spreadColumns([
      module('a', 9),
      module('b', 1),
      module('c', 1),
      module('d', 1),
      module('e', 1),
      module('f', 1),
      module('g', 1),
    ]);
    expect(columns).toHaveLength(5);
    expect(columns.map((column) => column.map((m) => m.title))).toEqual([
      ['a'],
      ['b', 'f'],
      ['c', 'g'],
      ['d'],
      ['e'],
    ]);
  });

  it('keeps empty columns for few modules', () => {
    expect(spreadColumns([module('a', 2)]).map((column) => column.length)).toEqual([1, 0, 0, 0, 0]);
  });
});

describe('search and history', () => {
  const entries = [
    { path: '/permission/user', title: '用户管理', trail: ['信息管理', '系统管理'], tags: [], newTab: false },
    { path: '/permission/role', title: '角色管理', trail: ['信息管理', '系统管理'], tags: [], newTab: false },
    { path: '/tco/index', title: '节能管理', trail: [], tags: [], newTab: false },
  ];

  it('finds titles first, then pages under a matching module or group', () => {
    expect(searchEntries(entries, '用户').map((e) => e.path)).toEqual(['/permission/user']);
    expect(searchEntries(entries, '管理').map((e) => e.path)).toEqual([
      '/permission/user',
      '/permission/role',
      '/tco/index',
    ]);
    expect(searchEntries(entries, '系统').map((e) => e.path)).toEqual([
      '/permission/user',
      '/permission/role',
    ]);
    expect(searchEntries(entries, '  ')).toEqual([]);
  });

  it('keeps the last 10 searched menus, newest first, without duplicates', () => {
    let history: string[] = [];
    for (let i = 0; i < 12; i++) history = addMenuHistory(history, `/p${i}`);
    history = addMenuHistory(history, '/p5');
    expect(history).toHaveLength(MENU_HISTORY_LIMIT);
    expect(history.slice(0, 3)).toEqual(['/p5', '/p11', '/p10']);
    expect(history.filter((path) => path === '/p5')).toHaveLength(1);
  });

  it('shows only history entries the user may still open, and reads bad storage as empty', () => {
    expect(historyEntries(['/tco/index', '/gone', '/permission/user'], entries).map((e) => e.title)).toEqual([
      '节能管理',
      '用户管理',
    ]);
    expect(parseMenuHistory(null)).toEqual([]);
    expect(parseMenuHistory('not json')).toEqual([]);
    expect(parseMenuHistory('{"a":1}')).toEqual([]);
    expect(parseMenuHistory('["/a",2,"/b"]')).toEqual(['/a', '/b']);
  });
});

describe('menuTags', () => {
  const node: MenuNode = { path: '/a', title: '甲', code: 'car0501' };

  it('tags latest and frequently used pages from the user info lists', () => {
    expect(menuTags(node, { newest: ['car0501'], common: [] })).toEqual(['latest']);
    expect(menuTags(node, { newest: [], common: ['car0501'] })).toEqual(['common']);
    expect(menuTags(node, { newest: ['car0501'], common: ['car0501'] })).toEqual(['latest', 'common']);
    expect(menuTags(node, noTags)).toEqual([]);
  });

  it('matches on enventKey when the node has one, and always tags newTag nodes latest', () => {
    expect(menuTags({ ...node, enventKey: 'k' }, { newest: ['k'], common: ['car0501'] })).toEqual(['latest']);
    expect(menuTags({ ...node, newTag: true }, noTags)).toEqual(['latest']);
  });
});

describe('search-only entries', () => {
  it('finds the hidden alarm settings pages for users who may open them, under the pages above them', () => {
    const found = searchEntries(
      searchOnlyEntries(['/alarm/carset/index', '/car-dispatch/stationFenceAlarm'], ['car050106'], viewer),
      '报警设置',
    );
    expect(found).toEqual([
      {
        path: '/alarm/carset/index',
        title: '车辆报警设置',
        trail: ['运输管理', '在途', '车辆报警'],
        tags: [],
        newTab: false,
      },
    ]);
    expect(searchOnlyEntries(['/alarm/carset/index'], ['car070101'], viewer)).toEqual([]);
  });
});
