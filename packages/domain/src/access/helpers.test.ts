import { describe, expect, it } from 'vitest';
import {
  allMenuCodes,
  canAccessPath,
  findMenuByPath,
  flattenMenus,
  isKnownCode,
  MENU_TREE,
  menuCodesUnder,
  menuTagKey,
  menuTitle,
  permittedMenuTree,
  withAncestorCodes,
} from './helpers';
import type { MenuNode } from './types';

const titlesOf = (nodes: readonly MenuNode[]): string[] => nodes.map((node) => node.title);

function child(nodes: readonly MenuNode[] | undefined, title: string): MenuNode {
  const node = nodes?.find((candidate) => candidate.title === title);
  if (node === undefined) throw new Error(`no ${title}`);
  return node;
}

describe('flattenMenus', () => {
  it('lists parents before their children, in menu order', () => {
    const all = flattenMenus();
    expect(all[0]?.title).toBe('首页');
    const transport = all.findIndex((node) => node.code === 'car05');
    const inTransit = all.findIndex((node) => node.code === 'car0501');
    const alarms = all.findIndex((node) => node.code === 'car050106');
    expect(transport).toBeLessThan(inTransit);
    expect(inTransit).toBeLessThan(alarms);
    expect(
      flattenMenus([
        { path: '/a', title: '甲', code: 'x1', children: [{ path: '/b', title: '乙', code: 'x101' }] },
      ]),
    ).toHaveLength(2);
  });
});

describe('codes', () => {
  it('collects every code once', () => {
    const codes = allMenuCodes();
    expect(codes.has('car050106')).toBe(true);
    expect(codes.has('tc010504')).toBe(true);
    expect([...codes].every((code) => code.length > 0)).toBe(true);
  });

  it('knows the codes of the tree and nothing else', () => {
    expect(isKnownCode('car110102')).toBe(true);
    expect(isKnownCode('car02-new')).toBe(true);
    expect(isKnownCode('car99')).toBe(false);
    expect(isKnownCode('')).toBe(false);
  });

  it('gives a module and everything under it', () => {
    const transport = menuCodesUnder('car05');
    expect(transport.has('car05')).toBe(true);
    expect(transport.has('car0502')).toBe(true);
    expect(transport.has('car050305')).toBe(true);
    expect(transport.has('car06')).toBe(false);
    expect([...menuCodesUnder('car1002')]).toEqual([
      'car1002',
      'car100201',
      'car100202',
      'car100203',
      'car100204',
      'car100205',
      'car100206',
      'car100207',
      'car100208',
    ]);
    expect([...menuCodesUnder('car050106')]).toEqual(['car050106']);
    expect(menuCodesUnder('nope').size).toBe(0);
  });

  it('adds the modules and groups above a page', () => {
    expect(withAncestorCodes(['car050106'])).toEqual(['car05', 'car0501', 'car050106']);
    expect(withAncestorCodes(['car110102', 'car01'])).toEqual(['car01', 'car11', 'car1101', 'car110102']);
    expect(withAncestorCodes(['unknown'])).toEqual([]);
  });
});

describe('findMenuByPath', () => {
  it('matches path parameters', () => {
    expect(findMenuByPath('/truck-manage/info/42')?.path).toBe('/truck-manage/info/:id');
    expect(findMenuByPath('/monitor/real-time/LFWSRXSJ8M1A00001')?.code).toBe('car02');
    expect(findMenuByPath('/maintenance-summary/detail/LFWSRXSJ8M1A00001')?.code).toBe('car1401');
    expect(findMenuByPath('/safe-report/risk-event/replay/%E4%BA%ACA12345')?.code).toBe('car050305');
  });

  it('tells the add and edit station pages apart by their segments', () => {
    expect(findMenuByPath('/information/station/info/map')?.title).toBe('新增站点围栏');
    expect(findMenuByPath('/information/station/info/17/map')?.title).toBe('编辑站点围栏');
  });

  it('ignores query, hash and a trailing slash', () => {
    expect(findMenuByPath('/smart-coal/wayBill-cost-approval?taskCode=T1&startTime=x')?.code).toBe(
      'car070207',
    );
    expect(findMenuByPath('/alarm/message/index?messageStatus=0')?.code).toBe('car01-1');
    expect(findMenuByPath('/databoard/index/')?.code).toBe('car01');
    expect(findMenuByPath('/databoard/index#top')?.code).toBe('car01');
  });

  it('finds a separate-tab page by the address it opens', () => {
    expect(findMenuByPath('/video-page')?.title).toBe('实时视频');
    expect(findMenuByPath('/applyEtc')?.title).toBe('申请ETC');
  });

  it('prefers a literal segment over a parameter', () => {
    const tree: MenuNode[] = [
      {
        path: '/orders',
        title: '订单',
        code: 'o1',
        children: [
          { path: '/orders/:id', title: '订单详情', code: 'o1', hidden: true },
          { path: '/orders/new', title: '新建订单', code: 'o1', hidden: true },
        ],
      },
    ];
    expect(findMenuByPath('/orders/new', tree)?.title).toBe('新建订单');
    expect(findMenuByPath('/orders/9', tree)?.title).toBe('订单详情');
  });

  it('finds nothing outside the tree', () => {
    expect(findMenuByPath('/login')).toBeUndefined();
    expect(findMenuByPath('/truck-manage/info')).toBeUndefined();
    expect(findMenuByPath('/truck-manage/info/1/2')).toBeUndefined();
  });
});

describe('permittedMenuTree', () => {
  it('keeps public pages for a user without codes', () => {
    expect(permittedMenuTree([]).map((node) => node.path)).toEqual([
      '/permission/set',
      '/alarmSubscriptionSet',
    ]);
  });

  it('keeps a page, its hidden pages and the groups above it', () => {
    const tree = permittedMenuTree(['car01', 'car050106']);
    expect(titlesOf(tree)).toEqual(['首页', '运输管理', '个人中心', '报警订阅设置']);
    const transport = child(tree, '运输管理');
    expect(titlesOf(transport.children ?? [])).toEqual(['在途']);
    const inTransit = child(transport.children, '在途');
    expect(titlesOf(inTransit.children ?? [])).toEqual(['车辆报警']);
    expect(titlesOf(child(inTransit.children, '车辆报警').children ?? [])).toEqual(['车辆报警设置']);
  });

  it('drops a module or group whose pages are all withheld, even when its own code is held', () => {
    const tree = permittedMenuTree(['car05', 'car0501', 'car10']);
    expect(titlesOf(tree)).toEqual(['个人中心', '报警订阅设置']);
  });

  it('keeps a leaf module and the monitor with its tracking pages', () => {
    const tree = permittedMenuTree(['car02', 'car0602']);
    expect(titlesOf(tree)).toEqual(['全图监控', '效能中心', '个人中心', '报警订阅设置']);
    expect(child(tree, '全图监控').children).toHaveLength(2);
    expect(titlesOf(child(tree, '效能中心').children ?? [])).toEqual(['线路报警']);
  });

  it('returns the tree as it is for a user holding every code', () => {
    const tree = permittedMenuTree(allMenuCodes());
    expect(tree).toEqual(MENU_TREE);
    expect(tree[3]).toBe(MENU_TREE[3]);
  });

  it('leaves the shared tree untouched', () => {
    const before = flattenMenus().length;
    permittedMenuTree(['car050106']);
    expect(flattenMenus().length).toBe(before);
  });
});

describe('canAccessPath', () => {
  it('allows a page and its hidden pages to the holder of its code', () => {
    expect(canAccessPath('/alarm/driver/route', ['car050106'])).toBe(true);
    expect(canAccessPath('/alarm/carset/index', ['car050106'])).toBe(true);
    expect(canAccessPath('/alarm/carset/index', ['car050107'])).toBe(false);
    expect(canAccessPath('/truck-manage/detail/5', new Set(['car090101']))).toBe(true);
  });

  it('allows the public pages to everyone logged in', () => {
    expect(canAccessPath('/permission/set', [])).toBe(true);
    expect(canAccessPath('/alarmSubscriptionSet', [])).toBe(true);
  });

  it('allows a group only when a page under it is allowed', () => {
    expect(canAccessPath('/transport', ['car050106'])).toBe(true);
    expect(canAccessPath('/transport', ['car05'])).toBe(false);
  });

  it('guards the screens, the tab pages and unknown paths', () => {
    expect(canAccessPath('/index/data', ['car03'])).toBe(true);
    expect(canAccessPath('/index/data', ['car13'])).toBe(false);
    expect(canAccessPath('/video-page', ['car050102'])).toBe(true);
    expect(canAccessPath('/nowhere', allMenuCodes())).toBe(false);
  });
});

describe('titles and tags', () => {
  const vehicle = flattenMenus().find((node) => node.path === '/truck-manage/index');

  it('names the vehicle menu for managers and others', () => {
    if (vehicle === undefined) throw new Error('no vehicle menu');
    expect(menuTitle(vehicle, { manager: true })).toBe('车辆管理');
    expect(menuTitle(vehicle, { manager: false })).toBe('车辆信息');
    const home = MENU_TREE[0];
    if (home === undefined) throw new Error('no home');
    expect(menuTitle(home, { manager: false })).toBe('首页');
  });

  it('keys latest and frequently-used tags by enventKey, else by code', () => {
    expect(menuTagKey({ path: '/a', title: '甲', code: 'x1', enventKey: 'k1' })).toBe('k1');
    expect(menuTagKey({ path: '/a', title: '甲', code: 'x1' })).toBe('x1');
    expect(menuTagKey({ path: '/a', title: '甲', public: true })).toBeUndefined();
  });
});
