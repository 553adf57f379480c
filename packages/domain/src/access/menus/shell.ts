import type { MenuNode } from '../types';

/** 首页 (car01): the workbench; its tab is fixed. */
export const homeMenu: MenuNode = {
  path: '/databoard/index',
  title: '首页',
  code: 'car01',
  icon: 'HomeOutlined',
  page: 'databoard/DataboardPage',
};

/** 全图监控 (car02), with the real-time tracking pages opened from a vehicle on the map. */
export const monitorMenu: MenuNode = {
  path: '/monitor/scatter/route',
  title: '全图监控',
  code: 'car02',
  icon: 'GlobalOutlined',
  extra: true,
  page: 'monitor/MonitorPage',
  children: [
    {
      path: '/monitor/real-time/:vinCode',
      title: '实时跟踪',
      code: 'car02',
      hidden: true,
      noCache: true,
      page: 'monitor/RealTimePage',
    },
    {
      path: '/monitor/real-time-one/:vinCode',
      title: '单车跟踪',
      code: 'car02',
      hidden: true,
      noCache: true,
      page: 'monitor/RealTimeOnePage',
    },
  ],
};

/** 全图监控2.0 (car02-new). */
export const monitorNewMenu: MenuNode = {
  path: '/monitor/scatter/newroute',
  title: '全图监控2.0',
  code: 'car02-new',
  icon: 'GlobalOutlined',
  extra: true,
  page: 'monitor/MonitorNewPage',
};

/** 节能管理: the energy-saving (TCO) page; car12 is the menu carrying the 'latest' tag. */
export const energySavingMenu: MenuNode = {
  path: '/tco/index',
  title: '节能管理',
  code: 'car12',
  icon: 'ThunderboltOutlined',
  extra: true,
  newTag: true,
};

/** 报警详情 (car01-1): opened from the alarm reminder popover with messageStatus=0. */
export const alarmMessageMenu: MenuNode = {
  path: '/alarm/message/index',
  title: '报警详情',
  code: 'car01-1',
  hidden: true,
  page: 'alarm-reminder/AlarmMessagePage',
};

/** 可视化大屏 (car03): the enterprise screen, a top-bar link opened in a new tab. */
export const dataScreenMenu: MenuNode = {
  path: '/index/data',
  title: '可视化大屏',
  code: 'car03',
  icon: 'FundProjectionScreenOutlined',
  hidden: true,
  link: 'screen',
  target: 'tab',
};

/** 老板大屏 (car13): an external page opened in a new tab with the session in its query. */
export const bossScreenMenu: MenuNode = {
  path: '/index/bossScreen',
  title: '老板大屏',
  code: 'car13',
  icon: 'DashboardOutlined',
  hidden: true,
  link: 'boss',
  target: 'tab',
};

/** 个人中心: every logged-in user, from the avatar popover. */
export const personalCentreMenu: MenuNode = {
  path: '/permission/set',
  title: '个人中心',
  public: true,
  hidden: true,
  page: 'profile/ProfilePage',
};

/** 报警订阅设置: every logged-in user, from the alarm reminder popover. */
export const alarmSubscriptionMenu: MenuNode = {
  path: '/alarmSubscriptionSet',
  title: '报警订阅设置',
  public: true,
  hidden: true,
  page: 'alarm-reminder/AlarmSubscriptionPage',
};
