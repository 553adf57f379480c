import type { MenuNode } from '../types';

/** 运营分析 (car1001): reports on how the fleet runs: mileage, fuel, parking, driving, safety. */
const operationAnalysis: MenuNode = {
  path: '/data-analysis/operation',
  title: '运营分析',
  code: 'car1001',
  children: [
    { path: '/data-analysis/report', title: '分析报告', code: 'car100101' },
    {
      path: '/car-cost/energy-consumption',
      title: '里程能耗报表',
      code: 'car100102',
      page: 'energy/EnergyConsumptionPage',
      children: [
        {
          path: '/car-cost/energy-consumption/mileage/:id',
          title: '里程能耗详情',
          code: 'car100102',
          page: 'energy/EnergyMileageDetailPage',
          hidden: true,
        },
      ],
    },
    { path: '/data-analysis/parking', title: '停车报表', code: 'car100103' },
    {
      path: '/driverScoreManage/index',
      title: '驾驶评分分析',
      code: 'car100104',
      children: [
        { path: '/driverScoreManage/detail', title: '驾驶评分详情', code: 'car100104', hidden: true },
      ],
    },
    { path: '/driverScoreManage/index-v3', title: '驾驶评分分析3.0', code: 'car100105' },
    {
      path: '/driving-behavior/statistic',
      title: '驾驶行为统计',
      code: 'car100106',
      children: [
        { path: '/driving-detail', title: '驾驶行为详情', code: 'car100106', hidden: true },
        { path: '/driving-accurt-detail', title: '驾驶行为精细详情', code: 'car100106', hidden: true },
        { path: '/electric-driving-detail', title: '新能源驾驶行为详情', code: 'car100106', hidden: true },
        { path: '/behavioral-comparison', title: '驾驶行为对比', code: 'car100106', hidden: true },
      ],
    },
    {
      path: '/oil-saving/analysis',
      title: '线路节油分析',
      code: 'car100107',
      page: 'oil-saving/OilSavingAnalysisPage',
      children: [
        { path: '/video/statistics/trip-analysis', title: '行程分析', code: 'car100107', hidden: true },
        { path: '/video/statistics/trip-compare', title: '行程对比', code: 'car100107', hidden: true },
      ],
    },
    { path: '/data-analysis/driver-identify', title: '司机识别记录', code: 'car100108' },
    { path: '/safe-report/analysis-report', title: '安全分析报告', code: 'car100109' },
  ],
};

/** 经营分析 (car1002): income and profit by dimension; car100201 also guards the 'order detail' row action. */
const businessAnalysis: MenuNode = {
  path: '/data-analysis/business',
  title: '经营分析',
  code: 'car1002',
  children: [
    { path: '/data-analysis/business/order-detail', title: '订单明细', code: 'car100201' },
    { path: '/data-analysis/business/fleet', title: '车队维度报表', code: 'car100202' },
    { path: '/data-analysis/business/customer', title: '客户维度报表', code: 'car100203' },
    { path: '/data-analysis/business/line', title: '线路维度报表', code: 'car100204' },
    { path: '/data-analysis/business/driver', title: '司机维度报表', code: 'car100205' },
    { path: '/data-analysis/business/vehicle', title: '车辆维度报表', code: 'car100206' },
    { path: '/data-analysis/business/waybill-detail', title: '运单明细报表', code: 'car100207' },
    { path: '/data-analysis/business/fleet-daily', title: '车队经营日报', code: 'car100208' },
  ],
};

/** 数据分析 (car10). */
export const dataAnalysisMenu: MenuNode = {
  path: '/data-analysis',
  title: '数据分析',
  code: 'car10',
  icon: 'BarChartOutlined',
  children: [operationAnalysis, businessAnalysis],
};
