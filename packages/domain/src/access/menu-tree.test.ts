import { describe, expect, it } from 'vitest';
import { findMenuByPath, flattenMenus } from './helpers';
import { MENU_TREE } from './menu-tree';
import type { MenuNode } from './types';

const ALL = flattenMenus();

function byPath(path: string): MenuNode {
  const node = ALL.find((candidate) => candidate.path === path);
  if (node === undefined) throw new Error(`no menu at ${path}`);
  return node;
}

/** Every node with the node above it (undefined at the top level). */
function withParents(nodes: readonly MenuNode[], parent?: MenuNode): Array<[MenuNode, MenuNode | undefined]> {
  return nodes.flatMap(
    (node): Array<[MenuNode, MenuNode | undefined]> => [
      [node, parent],
      ...withParents(node.children ?? [], node),
    ],
  );
}

/** The alarm pop-up jump table of the core spec, section 2. */
const JUMP_TABLE: ReadonlyArray<readonly [string, string]> = [
  ['/video/event', 'car050108'],
  ['/time/effect/alarm', 'car050107'],
  ['/alarm/driver/route', 'car050106'],
  ['/alarm/repair/index', 'car050117'],
  ['/safe-report/risk-query', 'car050305'],
  ['/smart-coal/wayBill-cost-approval', 'car070207'],
  ['/smart-coal/wayBill-tabulation', 'car110102'],
  ['/alarm/onTheWayReminder', 'car050116'],
];

/** Secondary pages of core section 2 and route paths of business section 2, params as `:name`. */
const SPEC_HIDDEN_PATHS = [
  '/car-dispatch/plan/info/add',
  '/car-dispatch/plan/info/edit',
  '/intellect-repair/hitch-query/detail',
  '/information/station/info/:map',
  '/information/station/info/:id/:map',
  '/truck-manage/add',
  '/truck-manage/info/:id',
  '/truck-manage/detail/:id',
  '/driver-manage/add',
  '/driver-manage/edit',
  '/driver-manage/detail',
  '/permission/pushManage/pushCard',
  '/permission/pushManage/pushScreen',
  '/permission/authorizationApply',
  '/monitor/real-time/:vinCode',
  '/monitor/real-time-one/:vinCode',
  '/permission/set',
  '/alarm/lookup/:id',
  '/alarm/carset/index',
  '/information/tboxsetting',
  '/car-dispatch/stationFenceAlarm',
  '/car-dispatch/waybill-scheduling/add-waybill',
  '/car-dispatch/route/addNewLine',
  '/car-dispatch/route/editNewLine',
  '/alarm/message/index',
  '/car-dispatch/car-mileage/mileage/:id',
  '/driverScoreManage/detail',
  '/safe-report/risk-statistics/scoreSettings',
  '/safe-report/risk-event/replay/:carNo',
  '/driving-detail',
  '/driving-accurt-detail',
  '/electric-driving-detail',
  '/behavioral-comparison',
  '/alarmSubscriptionSet',
  '/journey-data/reporting',
  '/oil-consumption/result-view',
  '/oil-consumption/result-analysis',
  '/oil-consumption/oil-consumption-calibration',
  '/video/statistics/trip-analysis',
  '/video/statistics/trip-compare',
  '/finance-management/finance-set/addRoutePriceDrawer',
  '/car-cost/energy-consumption/mileage/:id',
  '/maintenance-summary/detail/:vin',
  '/video/replay-new',
  '/information/carHang',
  '/tc/finance-set/addRoutePriceDrawer',
  '/tc/route/add',
  '/tc/route/edit',
  '/tc/wayBill-detail',
  '/tc/wayBill-create-back',
  '/tc/wayBill-edit-back',
  '/tc/wayBill-edit',
];

/** Titles a fleet office looks for in the menu (brief and spec section 2 menu trees). */
const EXPECTED_TITLES =
  `首页 全图监控 全图监控2.0 节能管理 运输管理 在途 出车前 出车后 效能中心 财务管理 台账 审批 对账
  成本中心 数据分析 运营分析 经营分析 信息管理 运单管理 维修管家 运力业务
  行程成本 加油 路桥费 杂费 保养 申请ETC 自定义费用类型 成本分析 行程统计
  分析报告 里程能耗报表 停车报表 驾驶评分分析 驾驶评分分析3.0 驾驶行为统计 线路节油分析 司机识别记录 安全分析报告
  订单明细 车队维度报表 客户维度报表 线路维度报表 司机维度报表 车辆维度报表 运单明细报表 车队经营日报
  计划发车 发车统计 发车监控 运单调度 线路报警 路桥费台账 运单费用明细 司机工资明细 司机工资汇总 运单费用审批 应收对账 应付对账
  风险监控 实时视频 多车视频 油量变化监控 线路节油监控 车辆报警 维修报警 疑似偷油 时效报警 主动安全报警 故障报警 站点围栏报警
  加油记录 异常油耗 报警记录 在途提醒 线路管理 计划管理 车辆排班计划 证件到期 保养提醒 车队体检 清码记录 线路节油计划
  站点围栏管理 油耗统计 轨迹回放 视频回放 视频证据提取 风险事件统计 风险事件明细 车辆违章 干预明细
  车辆管理 设备管理 司机管理 扫码运单 路线管理 客户管理 财务设置 司机自助注册 司机车辆注册审核 审批设置 推送管理 用户授权
  用户管理 角色管理 导入导出查询 常用地址 车辆保养汇总 创建运单 运单列表 常用页面设置`.split(/\s+/);

describe('menu tree data', () => {
  it('gives each menu its own code; only hidden pages repeat their parent menu code', () => {
    const menus = withParents(MENU_TREE).filter(([node, parent]) => !(node.hidden && parent !== undefined));
    const codes = menus.flatMap(([node]) => (node.code === undefined ? [] : [node.code]));
    expect(codes.length).toBeGreaterThan(140);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('follows the code scheme: module code, then two digits a level', () => {
    for (const [node, parent] of withParents(MENU_TREE)) {
      if (node.public) continue;
      if (parent === undefined) {
        expect(node.code).toMatch(/^(car\d{2}(-1|-new)?|tc\d{2})$/);
      } else if (node.hidden) {
        expect(node.code).toBe(parent.code);
      } else {
        expect(node.code).toMatch(new RegExp(`^${parent.code}\\d{2}$`));
      }
    }
  });

  it('routes every alarm jump of the spec to its page with the exact code', () => {
    for (const [path, code] of JUMP_TABLE) {
      const node = byPath(path);
      expect(node.code).toBe(code);
      expect(node.hidden).toBeFalsy();
      expect(findMenuByPath(path)).toBe(node);
    }
  });

  it('keeps the shell codes and the order-detail code of the spec', () => {
    expect(byPath('/databoard/index').code).toBe('car01');
    expect(byPath('/monitor/scatter/route')).toMatchObject({ code: 'car02', extra: true });
    expect(byPath('/monitor/scatter/newroute')).toMatchObject({ code: 'car02-new', extra: true });
    expect(byPath('/tco/index')).toMatchObject({
      title: '节能管理',
      code: 'car12',
      extra: true,
      newTag: true,
    });
    expect(byPath('/alarm/message/index')).toMatchObject({ code: 'car01-1', hidden: true });
    expect(ALL.find((node) => node.link === 'screen')?.code).toBe('car03');
    expect(ALL.find((node) => node.link === 'boss')?.code).toBe('car13');
    expect(ALL.find((node) => node.title === '订单明细')?.code).toBe('car100201');
    const modules = MENU_TREE.filter((node) => node.children?.some((child) => !child.hidden));
    expect(modules.map((node) => `${node.code} ${node.title}`)).toEqual([
      'car05 运输管理',
      'car06 效能中心',
      'car11 运单管理',
      'car07 财务管理',
      'car08 成本中心',
      'car10 数据分析',
      'car14 维修管家',
      'tc01 运力业务',
      'car09 信息管理',
    ]);
  });

  it('holds every secondary page of the spec as a hidden page', () => {
    for (const path of SPEC_HIDDEN_PATHS) {
      expect(byPath(path).hidden, path).toBe(true);
    }
  });

  it('sits each hidden page under the menu that leads to it, with that menu code', () => {
    const nested = withParents(MENU_TREE).filter(([node, parent]) => node.hidden && parent !== undefined);
    expect(nested.length).toBeGreaterThan(40);
    for (const [node, parent] of nested) {
      expect(node.code, node.path).toBe(parent?.code);
      expect(parent?.hidden, node.path).toBeFalsy();
      expect(node.children, node.path).toBeUndefined();
    }
    expect(findMenuByPath('/car-dispatch/plan/info/add')?.code).toBe(byPath('/car-dispatch/plan').code);
  });

  it('marks only the personal centre and alarm subscription settings public', () => {
    expect(ALL.filter((node) => node.public).map((node) => node.path)).toEqual([
      '/permission/set',
      '/alarmSubscriptionSet',
    ]);
  });

  it('opens the separate-tab pages in a new tab', () => {
    expect(byPath('/index/videoSurveillance')).toMatchObject({ target: 'tab', href: '/video-page' });
    expect(byPath('/index/applyEtc')).toMatchObject({ target: 'tab', href: '/applyEtc', title: '申请ETC' });
    expect(byPath('/index/data')).toMatchObject({ target: 'tab', link: 'screen' });
    expect(ALL.find((node) => node.title === '多车视频')?.target).toBe('tab');
    expect(ALL.find((node) => node.link === 'boss')?.target).toBe('tab');
  });

  it('names the vehicle menu by viewer', () => {
    expect(byPath('/truck-manage/index').titles).toEqual({ manager: '车辆管理', other: '车辆信息' });
  });

  it('offers every page a fleet office looks for, titled in Chinese', () => {
    const titles = new Set(ALL.map((node) => node.title));
    for (const title of EXPECTED_TITLES) expect(titles.has(title), title).toBe(true);
    for (const node of ALL) expect(node.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('never gives two nodes the same route', () => {
    const shapes = ALL.flatMap((node) => [node.path, ...(node.href ? [node.href] : [])]).map((path) =>
      path.replace(/:[^/]+/g, ':'),
    );
    expect(new Set(shapes).size).toBe(shapes.length);
    for (const node of ALL) expect(node.path).toMatch(/^\/[^?#\s]*$/);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(MENU_TREE)).toBe(true);
    expect(ALL.every((node) => Object.isFrozen(node))).toBe(true);
  });
});
