import { describe, expect, it } from 'vitest';
import { addTab, closeAllTabs, closeOtherTabs, closeTab, showTabBar, tabAfterClose } from './tabs';

interface Tab {
  path: string;
  pinned?: boolean;
  fullPath: string;
}

const home: Tab = { path: '/databoard/index', pinned: true, fullPath: '/databoard/index' };
const tab = (path: string, query = ''): Tab => ({ path, fullPath: `${path}${query}` });
const paths = (list: readonly Tab[]) => list.map((item) => item.path);

describe('addTab', () => {
  it('appends a new path and keeps one tab a path, updating its query in place', () => {
    let list = addTab([home], tab('/permission/user'));
    list = addTab(list, tab('/permission/role'));
    list = addTab(list, tab('/permission/user', '?pageNum=2'));
    expect(paths(list)).toEqual(['/databoard/index', '/permission/user', '/permission/role']);
    expect(list[1]?.fullPath).toBe('/permission/user?pageNum=2');
  });

  it('puts pinned tabs first even when they are opened later', () => {
    const list = addTab([tab('/permission/set'), tab('/permission/user')], home);
    expect(paths(list)).toEqual(['/databoard/index', '/permission/set', '/permission/user']);
  });

  it('leaves the given list untouched', () => {
    const before = [home];
    addTab(before, tab('/a'));
    expect(before).toEqual([home]);
  });
});

describe('closing tabs', () => {
  const list = [home, tab('/a'), tab('/b'), tab('/c')];

  it('closes one tab but never a pinned one', () => {
    expect(paths(closeTab(list, '/b'))).toEqual(['/databoard/index', '/a', '/c']);
    expect(closeTab(list, '/databoard/index')).toEqual(list);
    expect(closeTab(list, '/nowhere')).toEqual(list);
  });

  it('close others keeps the pinned tabs and the chosen one', () => {
    expect(paths(closeOtherTabs(list, '/b'))).toEqual(['/databoard/index', '/b']);
    expect(paths(closeOtherTabs(list, '/databoard/index'))).toEqual(['/databoard/index']);
  });

  it('close all keeps only the pinned tabs', () => {
    expect(paths(closeAllTabs(list))).toEqual(['/databoard/index']);
    expect(closeAllTabs([tab('/a')])).toEqual([]);
  });

  it('goes to the last tab left after the active one closed', () => {
    expect(tabAfterClose(closeTab(list, '/c'))?.path).toBe('/b');
    expect(tabAfterClose(closeAllTabs(list))?.path).toBe('/databoard/index');
    expect(tabAfterClose([])).toBeUndefined();
  });
});

describe('showTabBar', () => {
  it('shows the bar once more than one view was visited', () => {
    expect(showTabBar([])).toBe(false);
    expect(showTabBar([home])).toBe(false);
    expect(showTabBar([home, tab('/a')])).toBe(true);
  });
});
