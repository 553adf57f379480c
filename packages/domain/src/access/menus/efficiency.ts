import type { MenuNode } from '../types';

/** 调度管理 (car0601): departures against plans and waybill dispatch. */
const dispatch: MenuNode = {
  path: '/efficiency/dispatch',
  title: '调度管理',
  code: 'car0601',
  children: [
    {
      path: '/car-dispatch/schedule-departure',
      title: '计划发车',
      code: 'car060101',
      page: 'plan-assign/ScheduleDeparturePage',
    },
    {
      path: '/car-dispatch/car-mileage',
      title: '发车统计',
      code: 'car060102',
      page: 'plan-monitor/PlanStatisticsPage',
      children: [
        {
          path: '/car-dispatch/car-mileage/mileage/:id',
          title: '车辆里程详情',
          code: 'car060102',
          page: 'energy/EnergyMileageDetailPage',
          hidden: true,
        },
      ],
    },
    {
      path: '/car-dispatch/departure-monitor',
      title: '发车监控',
      code: 'car060103',
      page: 'plan-monitor/DepartureMonitorPage',
    },
    {
      path: '/car-dispatch/waybill-scheduling',
      title: '运单调度',
      code: 'car060104',
      page: 'waybill-scheduling/WaybillSchedulingPage',
      children: [
        {
          path: '/car-dispatch/waybill-scheduling/add-waybill',
          title: '调度派单',
          code: 'car060104',
          page: 'waybill-scheduling/AddWaybillPage',
          hidden: true,
          noCache: true,
        },
      ],
    },
  ],
};

/** 效能中心 (car06). */
export const efficiencyMenu: MenuNode = {
  path: '/efficiency',
  title: '效能中心',
  code: 'car06',
  icon: 'ScheduleOutlined',
  children: [
    dispatch,
    {
      path: '/car-dispatch/line-alarm',
      title: '线路报警',
      code: 'car0602',
      page: 'plan-monitor/LineAlarmsPage',
    },
  ],
};
