import { findMenuByPath, type MenuNode } from '@fleet/domain';
import { describe, expect, it } from 'vitest';
import { DIVIDER, sidebarItems, withDividers } from './sidebar';

describe('withDividers', () => {
  it('puts a divider after items 1, 5, 10 and 15', () => {
    const items = Array.from({ length: 17 }, (_, i) => i + 1);
    const out = withDividers(items);
    const dividerAfter = out.flatMap((item, index) => (item === DIVIDER ? [out[index - 1]] : []));
    expect(dividerAfter).toEqual([1, 5, 10, 15]);
    expect(out.filter((item) => item !== DIVIDER)).toEqual(items);
  });

  it('never ends the menu with a divider', () => {
    expect(withDividers([1])).toEqual([1]);
    expect(withDividers([1, 2, 3, 4, 5])).toEqual([1, DIVIDER, 2, 3, 4, 5]);
    expect(withDividers([1, 2, 3, 4, 5, 6])).toEqual([1, DIVIDER, 2, 3, 4, 5, DIVIDER, 6]);
    expect(withDividers([])).toEqual([]);
  });
});

const leaf = (path: string, title: string): MenuNode => ({ path, title, code: path });
const home = leaf('/databoard/index', '首页');
const system: MenuNode = {
  path: '/information',
  title: '信息管理',
  code: 'car09',
  children: [leaf('/permission/user', '用户管理'), leaf('/permission/role', '角色管理')],
};
const energy = leaf('/tco/index', '节能管理');
const nav = [home, system, energy];

describe('sidebarItems', () => {
  it('shows home and the menus of the current module', () => {
    expect(sidebarItems(nav, '/information', undefined).map((node) => node.title)).toEqual([
      '首页',
      '用户管理',
      '角色管理',
    ]);
  });

  it('lists every top-level route on home and on one-page modules', () => {
    expect(sidebarItems(nav, '/databoard/index', undefined)).toEqual(nav);
    expect(sidebarItems(nav, '/tco/index', undefined)).toEqual(nav);
    expect(sidebarItems(nav, undefined, undefined)).toEqual(nav);
  });

  it('shows only home and the special node in the special menu mode', () => {
    const carHang = findMenuByPath('/information/carHang');
    expect(carHang?.title).toBe('车辆信息');
    expect(sidebarItems(nav, '/information', carHang).map((node) => node.path)).toEqual([
      '/databoard/index',
      '/information/carHang',
    ]);
  });

  it('does without home for a user who may not open it', () => {
    expect(sidebarItems([system], '/information', undefined).map((node) => node.title)).toEqual([
      '用户管理',
      '角色管理',
    ]);
  });
});
