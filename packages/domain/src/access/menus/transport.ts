import type { MenuNode } from '../types';

/** 在途 (car0501): what happens while vehicles are on the road: monitoring, video, alarms, fuel. */
const inTransit: MenuNode = {
  path: '/transport/in-transit',
  title: '在途',
  code: 'car0501',
  children: [
    { path: '/safe-report/risk-monitor', title: '风险监控', code: 'car050101' },
    {
      path: '/index/videoSurveillance',
      title: '实时视频',
      code: 'car050102',
      target: 'tab',
      href: '/video-page',
    },
    {
      path: '/index/multiVideoSurveillance',
      title: '多车视频',
      code: 'car050103',
      target: 'tab',
      href: '/multi-video-page',
    },
    {
      path: '/oil-consumption/oil-change',
      title: '油量变化监控',
      code: 'car050104',
      page: 'fuel/OilChangePage',
    },
    {
      path: '/oil-saving/monitor',
      title: '线路节油监控',
      code: 'car050105',
      page: 'oil-saving/OilSavingMonitorPage',
    },
    {
      path: '/alarm/driver/route',
      title: '车辆报警',
      code: 'car050106',
      page: 'alarms/VehicleAlarmsPage',
      children: [
        {
          path: '/alarm/carset/index',
          title: '车辆报警设置',
          code: 'car050106',
          hidden: true,
          page: 'alarm-settings/VehicleAlarmSetPage',
        },
      ],
    },
    { path: '/time/effect/alarm', title: '时效报警', code: 'car050107', page: 'alarms/TimeEffectAlarmsPage' },
    { path: '/video/event', title: '主动安全报警', code: 'car050108', page: 'alarms/SafetyAlarmsPage' },
    {
      path: '/intellect-repair/hitch-query',
      title: '维修报警',
      code: 'car050109',
      page: 'alarms/RepairAlarmsPage',
      children: [
        {
          path: '/intellect-repair/hitch-query/detail',
          title: '故障详情',
          code: 'car050109',
          hidden: true,
          page: 'alarms/HitchDetailPage',
        },
      ],
    },
    {
      path: '/oil-consumption/suspected-theft',
      title: '疑似偷油',
      code: 'car050110',
      page: 'alarms/OilTheftPage',
    },
    {
      path: '/alarm/station-fence',
      title: '站点围栏报警',
      code: 'car050111',
      page: 'alarms/FenceAlarmsPage',
      children: [
        {
          path: '/car-dispatch/stationFenceAlarm',
          title: '站点围栏报警设置',
          code: 'car050111',
          hidden: true,
          page: 'alarm-settings/StationFenceAlarmPage',
        },
      ],
    },
    { path: '/oil-consumption/refuel', title: '加油记录', code: 'car050112', page: 'fuel/RefuelRecordsPage' },
    { path: '/oil-consumption/abnormal', title: '异常油耗', code: 'car050113', page: 'fuel/AbnormalOilPage' },
    {
      path: '/alarm/record',
      title: '报警记录',
      code: 'car050114',
      page: 'alarms/AlarmRecordsPage',
      children: [
        {
          path: '/alarm/lookup/:id',
          title: '报警查看',
          code: 'car050114',
          hidden: true,
          page: 'alarms/AlarmLookupPage',
        },
      ],
    },
    { path: '/alarm/onTheWayReminder', title: '在途提醒', code: 'car050116' },
    { path: '/alarm/repair/index', title: '故障报警', code: 'car050117', page: 'alarms/FaultAlarmsPage' },
  ],
};

/** 出车前 (car0502): lines, plans, schedules, waybills, reminders and station fences. */
const beforeDeparture: MenuNode = {
  path: '/transport/before-departure',
  title: '出车前',
  code: 'car0502',
  children: [
    {
      path: '/car-dispatch/route',
      title: '线路管理',
      code: 'car050201',
      page: 'lines/LinesPage',
      children: [
        {
          path: '/car-dispatch/route/addNewLine',
          title: '新增线路',
          code: 'car050201',
          page: 'lines/LineEditPage',
          hidden: true,
          noCache: true,
        },
        {
          path: '/car-dispatch/route/editNewLine',
          title: '编辑线路',
          code: 'car050201',
          page: 'lines/LineEditPage',
          hidden: true,
          noCache: true,
        },
      ],
    },
    {
      path: '/car-dispatch/plan',
      title: '计划管理',
      code: 'car050202',
      page: 'plans/PlansPage',
      children: [
        {
          path: '/car-dispatch/plan/info/add',
          title: '新增计划',
          code: 'car050202',
          page: 'plans/PlanEditPage',
          hidden: true,
          noCache: true,
        },
        {
          path: '/car-dispatch/plan/info/edit',
          title: '编辑计划',
          code: 'car050202',
          page: 'plans/PlanEditPage',
          hidden: true,
          noCache: true,
        },
        {
          path: '/transport/order',
          title: '运输订单',
          code: 'car050202',
          page: 'transport-orders/TransportOrdersPage',
          hidden: true,
        },
      ],
    },
    {
      path: '/car-dispatch/vehicle-schedule',
      title: '车辆排班计划',
      code: 'car050203',
      page: 'plan-schedules/PlanSchedulesPage',
    },
    { path: '/car-dispatch/waybill', title: '运单管理', code: 'car050204', page: 'waybills/WaybillsPage' },
    {
      path: '/reminder/certificate-expiry',
      title: '证件到期',
      code: 'car050205',
      page: 'maintenance/CertificateExpiryPage',
    },
    {
      path: '/reminder/maintenance',
      title: '保养提醒',
      code: 'car050206',
      page: 'maintenance/MaintenanceRemindPage',
    },
    {
      path: '/intellect-repair/fleet-check',
      title: '车队体检',
      code: 'car050207',
      page: 'maintenance/FleetCheckPage',
    },
    {
      path: '/intellect-repair/clear-code',
      title: '清码记录',
      code: 'car050208',
      page: 'maintenance/ClearCodePage',
    },
    {
      path: '/oil-saving/plan',
      title: '线路节油计划',
      code: 'car050209',
      page: 'oil-saving/OilSavingPlansPage',
      children: [
        {
          path: '/oil-saving/plan/add',
          title: '新增节油计划',
          code: 'car050209',
          page: 'oil-saving/OilSavingPlanEditPage',
          hidden: true,
          noCache: true,
        },
        {
          path: '/oil-saving/plan/edit',
          title: '编辑节油计划',
          code: 'car050209',
          page: 'oil-saving/OilSavingPlanEditPage',
          hidden: true,
          noCache: true,
        },
      ],
    },
    {
      path: '/information/station',
      title: '站点围栏管理',
      code: 'car050210',
      page: 'stations/StationsPage',
      children: [
        {
          path: '/information/station/info/:map',
          title: '新增站点围栏',
          code: 'car050210',
          page: 'stations/StationFencePage',
          hidden: true,
          noCache: true,
        },
        {
          path: '/information/station/info/:id/:map',
          title: '编辑站点围栏',
          code: 'car050210',
          page: 'stations/StationFencePage',
          hidden: true,
          noCache: true,
        },
      ],
    },
  ],
};

/** 出车后 (car0503): fuel, replay, video evidence, risk events, violations, interventions. */
const afterDeparture: MenuNode = {
  path: '/transport/after-departure',
  title: '出车后',
  code: 'car0503',
  children: [
    {
      path: '/oil-consumption/index',
      title: '油耗统计',
      code: 'car050301',
      page: 'energy/OilConsumptionPage',
      children: [
        {
          path: '/oil-consumption/result-view',
          title: '油耗结果查看',
          code: 'car050301',
          page: 'energy/OilResultViewPage',
          hidden: true,
        },
        {
          path: '/oil-consumption/result-analysis',
          title: '油耗结果分析',
          code: 'car050301',
          page: 'energy/OilResultAnalysisPage',
          hidden: true,
        },
        {
          path: '/oil-consumption/oil-consumption-calibration',
          title: '油耗标定',
          code: 'car050301',
          hidden: true,
          page: 'fuel/OilCalibrationPage',
        },
      ],
    },
    { path: '/monitor/track-replay', title: '轨迹回放', code: 'car050302', page: 'track/TrackReplayPage' },
    {
      path: '/video/replay',
      title: '视频回放',
      code: 'car050303',
      children: [{ path: '/video/replay-new', title: '视频回放(新版)', code: 'car050303', hidden: true }],
    },
    {
      path: '/safe-report/risk-statistics',
      title: '风险事件统计',
      code: 'car050304',
      children: [
        {
          path: '/safe-report/risk-statistics/scoreSettings',
          title: '评分设置',
          code: 'car050304',
          hidden: true,
        },
      ],
    },
    {
      path: '/safe-report/risk-query',
      title: '风险事件明细',
      code: 'car050305',
      children: [
        {
          path: '/safe-report/risk-event/replay/:carNo',
          title: '风险事件回放',
          code: 'car050305',
          hidden: true,
        },
      ],
    },
    { path: '/video/extract', title: '视频证据提取', code: 'car050306' },
    {
      path: '/alarm/violation',
      title: '车辆违章',
      code: 'car050307',
      page: 'alarms/ViolationsPage',
      children: [
        {
          path: '/alarm/violation/over-speed-risk',
          title: '超速风险',
          code: 'car050307',
          hidden: true,
          page: 'alarms/OverSpeedRiskPage',
        },
      ],
    },
    { path: '/safe-report/intervene-detail', title: '干预明细', code: 'car050308' },
  ],
};

/** 运输管理 (car05). */
export const transportMenu: MenuNode = {
  path: '/transport',
  title: '运输管理',
  code: 'car05',
  icon: 'CarOutlined',
  children: [inTransit, beforeDeparture, afterDeparture],
};
