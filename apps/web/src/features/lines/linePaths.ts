/** The list, add and edit paths of the three line menus that share the line pages. */
export interface LinePaths {
  list: string;
  add: string;
  edit: string;
}

const SETS: readonly LinePaths[] = [
  {
    list: '/car-dispatch/route',
    add: '/car-dispatch/route/addNewLine',
    edit: '/car-dispatch/route/editNewLine',
  },
  { list: '/smart-coal/route', add: '/smart-coal/route/add', edit: '/smart-coal/route/edit' },
  { list: '/tc/route', add: '/tc/route/add', edit: '/tc/route/edit' },
];

/** The set a path belongs to (the transport line management set by default). */
export function linePaths(pathname: string): LinePaths {
  return (
    SETS.find((set) => pathname === set.list || pathname.startsWith(`${set.list}/`)) ?? (SETS[0] as LinePaths)
  );
}
