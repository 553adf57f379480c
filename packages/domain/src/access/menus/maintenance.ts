import type { MenuNode } from '../types';

/** 维修管家 (car14): maintenance summary per vehicle. */
export const maintenanceMenu: MenuNode = {
  path: '/maintenance-summary',
  title: '维修管家',
  code: 'car14',
  icon: 'ToolOutlined',
  children: [
    {
      path: '/maintenance-summary/index',
      title: '车辆保养汇总',
      code: 'car1401',
      page: 'maintenance/MaintenanceSummaryPage',
      children: [
        {
          path: '/maintenance-summary/detail/:vin',
          title: '车辆保养明细',
          code: 'car1401',
          hidden: true,
          page: 'maintenance/MaintenanceDetailPage',
        },
      ],
    },
  ],
};
