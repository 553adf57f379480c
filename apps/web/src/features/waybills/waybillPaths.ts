/**
 * Where the waybill pages are for a list: 运单列表 of the coal business (/smart-coal/…) and of the
 * capacity business (/tc/…) have hidden pages of their own (detail, edit, receipt); 运单管理 of
 * transportation management (/car-dispatch/waybill, car050204) shows them in place, by `view` in
 * its address, since its users need not hold the codes of the other two.
 */
export interface WaybillPaths {
  list: string;
  create: string;
  detail: (id: number) => string;
  edit: (id: number) => string;
  back: (id: number) => string;
  editBack: (id: number) => string;
  /** The list with the tabulation dialog of a task open. */
  tabulate: (taskCode: string) => string;
}

export const DISPATCH_LIST = '/car-dispatch/waybill';

/** The views 运单管理 shows in place of its list. */
export type DispatchView = 'create' | 'detail' | 'edit' | 'back' | 'editBack';

function prefixed(prefix: '/smart-coal' | '/tc'): WaybillPaths {
  const list = `${prefix}/wayBill-tabulation`;
  return {
    list,
    create: `${prefix}/wayBill-create`,
    detail: (id) => `${prefix}/wayBill-detail?id=${id}`,
    edit: (id) => `${prefix}/wayBill-edit?id=${id}`,
    back: (id) => `${prefix}/wayBill-create-back?id=${id}`,
    editBack: (id) => `${prefix}/wayBill-edit-back?id=${id}`,
    tabulate: (taskCode) => `${list}?taskCode=${encodeURIComponent(taskCode)}`,
  };
}

const dispatch: WaybillPaths = {
  list: DISPATCH_LIST,
  create: `${DISPATCH_LIST}?view=create`,
  detail: (id) => `${DISPATCH_LIST}?view=detail&id=${id}`,
  edit: (id) => `${DISPATCH_LIST}?view=edit&id=${id}`,
  back: (id) => `${DISPATCH_LIST}?view=back&id=${id}`,
  editBack: (id) => `${DISPATCH_LIST}?view=editBack&id=${id}`,
  tabulate: (taskCode) => `${DISPATCH_LIST}?taskCode=${encodeURIComponent(taskCode)}`,
};

/** The paths of the set the page at `pathname` belongs to. */
export function waybillPaths(pathname: string): WaybillPaths {
  if (pathname.startsWith('/tc/')) return prefixed('/tc');
  if (pathname.startsWith('/smart-coal/')) return prefixed('/smart-coal');
  return dispatch;
}
