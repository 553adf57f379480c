import { zhCNAddresses } from './zh-CN.addresses';
import { zhCNAlarmReminder } from './zh-CN.alarm-reminder';
import { zhCNAlarmSettings } from './zh-CN.alarm-settings';
import { zhCNAlarms } from './zh-CN.alarms';
import { zhCNApprovals } from './zh-CN.approvals';
import { zhCNCosts } from './zh-CN.costs';
import { zhCNCustomers } from './zh-CN.customers';
import { zhCNDriverSalary } from './zh-CN.driver-salary';
import { zhCNDrivers } from './zh-CN.drivers';
import { zhCNEnergy } from './zh-CN.energy';
import { zhCNFeeTypes } from './zh-CN.fee-types';
import { zhCNFileTasks } from './zh-CN.file-tasks';
import { zhCNFuel } from './zh-CN.fuel';
import { zhCNKit } from './zh-CN.kit';
import { zhCNMaintenance } from './zh-CN.maintenance';
import { zhCNMonitor } from './zh-CN.monitor';
import { zhCNOilSaving } from './zh-CN.oil-saving';
import { zhCNPayments } from './zh-CN.payments';
import { zhCNPlanAssign } from './zh-CN.plan-assign';
import { zhCNPlanDispatch } from './zh-CN.plan-dispatch';
import { zhCNPlanMonitor } from './zh-CN.plan-monitor';
import { zhCNPlanSchedules } from './zh-CN.plan-schedules';
import { zhCNPlans } from './zh-CN.plans';
import { zhCNPush } from './zh-CN.push';
import { zhCNReceivables } from './zh-CN.receivables';
import { shellTexts } from './zh-CN.shell';
import { zhCNStations } from './zh-CN.stations';
import { zhCNSystem } from './zh-CN.system';
import { zhCNTransportOrders } from './zh-CN.transport-orders';
import { zhCNTransportPrices } from './zh-CN.transport-prices';
import { zhCNTripReports } from './zh-CN.trip-reports';
import { zhCNTrucks } from './zh-CN.trucks';
import { zhCNWaybillScanCodes } from './zh-CN.waybill-scan-codes';
import { zhCNWaybills } from './zh-CN.waybills';

/** Every text the web app shows, in Simplified Chinese. Pages read texts through `locales/index.ts`. */
export const zhCN = {
  ...zhCNKit,
  ...zhCNFileTasks,
  ...zhCNFuel,
  ...zhCNAlarmReminder,
  ...zhCNAlarmSettings,
  ...zhCNAlarms,
  ...zhCNMonitor,
  ...zhCNPush,
  ...zhCNSystem,
  ...zhCNTrucks,
  ...zhCNStations,
  ...zhCNDrivers,
  ...zhCNDriverSalary,
  ...zhCNEnergy,
  ...zhCNCustomers,
  ...zhCNAddresses,
  ...zhCNFeeTypes,
  ...zhCNCosts,
  ...zhCNTransportPrices,
  ...zhCNTransportOrders,
  ...zhCNPlanSchedules,
  ...zhCNPlans,
  ...zhCNPlanDispatch,
  ...zhCNPlanMonitor,
  ...zhCNPayments,
  ...zhCNPlanAssign,
  ...zhCNWaybills,
  ...zhCNWaybillScanCodes,
  ...zhCNReceivables,
  ...zhCNApprovals,
  ...zhCNMaintenance,
  ...zhCNOilSaving,
  ...zhCNTripReports,
  app: {
    title: '车队管理平台',
    loading: '加载中…',
    backHome: '返回首页',
  },
  login: {
    welcome: '欢迎登录',
    subtitle: '车辆监控 · 调度运单 · 财务成本 · 安全风控',
    username: '用户名',
    usernamePlaceholder: '请输入用户名',
    usernameRequired: '请输入用户名',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    passwordRequired: '请输入密码',
    verifyCode: '验证码',
    verifyCodePlaceholder: '请输入验证码',
    verifyCodeRequired: '请输入验证码',
    verifyCodeImageAlt: '验证码',
    verifyCodeRefresh: '看不清？点击图片换一张',
    rememberMe: '记住我',
    submit: '登录',
    submitting: '登录中…',
    restoring: '正在恢复登录…',
  },
  databoard: {
    greeting: '您好，',
    merchant: '当前商户',
    team: '所属车队',
    none: '--',
    dateFormat: 'YYYY年M月D日 dddd',
    /** Figure cards in this order; a figure the summary does not answer has no card. */
    figures: [
      { key: 'vehicleCount', label: '车队规模', unit: '辆' },
      { key: 'onlineVehicleCount', label: '当前在线', unit: '辆' },
      { key: 'todayAlarmCount', label: '今日报警', unit: '条' },
      { key: 'expiringCertificateCount', label: '证件即将到期', unit: '项' },
      { key: 'teamCount', label: '车队数量', unit: '个' },
      { key: 'userCount', label: '用户数量', unit: '人' },
      { key: 'roleCount', label: '角色数量', unit: '个' },
    ],
    teamUsers: '各车队用户数',
    teamUsersChart: '各车队用户数柱状图',
    users: '用户数',
    usersUnit: '人',
    quickLinks: '我的功能',
    pagesUnit: ' 个功能',
    personalCentre: '个人中心',
    personalCentreHint: '资料与密码',
    teamTree: '车队组织',
    teamTreeEmpty: '暂无车队数据',
  },
  errors: {
    notFoundTitle: '404',
    notFound: '抱歉，您访问的页面不存在',
    unauthorizedTitle: '401',
    unauthorized: '抱歉，您没有访问该页面的权限',
    goBack: '返回上一页',
    pageFailed: '页面加载失败',
    reload: '重新加载',
  },
  request: {
    forbidden: 'Forbidden',
    network: '网络异常，请检查网络后再试',
    timeout: '系统繁忙，请稍后再试',
    system: '系统异常，请稍后再试',
    sessionExpired: '登录失效，请重新登录',
  },
  ...shellTexts,
};
