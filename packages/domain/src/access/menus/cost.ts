import type { MenuNode } from '../types';

/** 成本中心 (car08): costs entered per vehicle and trip, and their statistics. */
export const costMenu: MenuNode = {
  path: '/car-cost',
  title: '成本中心',
  code: 'car08',
  icon: 'MoneyCollectOutlined',
  children: [
    {
      path: '/car-cost/expense',
      title: '费用管理',
      code: 'car0801',
      children: [
        { path: '/car-cost/trip-cost', title: '行程成本', code: 'car080101', page: 'costs/TripCostsPage' },
        { path: '/car-cost/refuel', title: '加油', code: 'car080102', page: 'costs/RefuelCostsPage' },
        {
          path: '/car-cost/road-bridge',
          title: '路桥费',
          code: 'car080103',
          page: 'costs/RoadBridgeCostsPage',
        },
        { path: '/car-cost/sundry', title: '杂费', code: 'car080104', page: 'costs/SundryCostsPage' },
        {
          path: '/car-cost/maintenance',
          title: '保养',
          code: 'car080105',
          page: 'costs/MaintenanceCostsPage',
        },
        { path: '/index/applyEtc', title: '申请ETC', code: 'car080106', target: 'tab', href: '/applyEtc' },
        {
          path: '/car-cost/fee-type',
          title: '自定义费用类型',
          code: 'car080107',
          page: 'fee-types/FeeTypesPage',
        },
      ],
    },
    {
      path: '/car-cost/statistics',
      title: '成本统计',
      code: 'car0802',
      children: [
        { path: '/car-cost/analysis', title: '成本分析', code: 'car080201', page: 'costs/CostAnalysisPage' },
        {
          path: '/car-cost/trip-statistics',
          title: '行程统计',
          code: 'car080202',
          page: 'trip-reports/TripStatisticsPage',
          children: [
            {
              path: '/journey-data/reporting',
              title: '行程数据报告',
              code: 'car080202',
              hidden: true,
              page: 'trip-reports/TripReportsPage',
            },
          ],
        },
      ],
    },
  ],
};
