import type { MenuNode } from '../types';

/** 基础信息 (car0901): vehicles, devices, drivers and the coal-business master data. */
const baseInfo: MenuNode = {
  path: '/information/base',
  title: '基础信息',
  code: 'car0901',
  children: [
    {
      path: '/truck-manage/index',
      title: '车辆管理',
      titles: { manager: '车辆管理', other: '车辆信息' },
      code: 'car090101',
      page: 'trucks/TrucksPage',
      children: [
        {
          path: '/truck-manage/add',
          title: '新增车辆',
          code: 'car090101',
          page: 'trucks/TruckAddPage',
          hidden: true,
          noCache: true,
        },
        {
          path: '/truck-manage/info/:id',
          title: '编辑车辆',
          code: 'car090101',
          page: 'trucks/TruckEditPage',
          hidden: true,
          noCache: true,
        },
        {
          path: '/truck-manage/detail/:id',
          title: '车辆详情',
          code: 'car090101',
          page: 'trucks/TruckDetailPage',
          hidden: true,
        },
        {
          path: '/information/carHang',
          title: '车辆信息',
          code: 'car090101',
          page: 'trucks/CarHangPage',
          hidden: true,
        },
      ],
    },
    {
      path: '/information/device',
      title: '设备管理',
      code: 'car090102',
      page: 'terminals/TerminalsPage',
      children: [
        {
          path: '/information/tboxsetting',
          title: 'T-BOX设置',
          code: 'car090102',
          page: 'terminals/TboxSettingPage',
          hidden: true,
        },
      ],
    },
    {
      path: '/driver-manage/index',
      title: '司机管理',
      code: 'car090103',
      page: 'drivers/DriversPage',
      children: [
        {
          path: '/driver-manage/add',
          title: '新增司机',
          code: 'car090103',
          hidden: true,
          noCache: true,
          page: 'drivers/DriverAddPage',
        },
        {
          path: '/driver-manage/edit',
          title: '编辑司机',
          code: 'car090103',
          hidden: true,
          noCache: true,
          page: 'drivers/DriverEditPage',
        },
        {
          path: '/driver-manage/detail',
          title: '司机详情',
          code: 'car090103',
          hidden: true,
          noCache: true,
          page: 'drivers/DriverDetailPage',
        },
      ],
    },
    {
      path: '/smart-coal/scan-waybill',
      title: '扫码运单',
      code: 'car090104',
      page: 'waybill-scan-codes/ScanCodesPage',
    },
    {
      path: '/smart-coal/route',
      title: '路线管理',
      code: 'car090105',
      page: 'lines/LinesPage',
      children: [
        {
          path: '/smart-coal/route/add',
          title: '新增路线',
          code: 'car090105',
          hidden: true,
          noCache: true,
          page: 'lines/LineEditPage',
        },
        {
          path: '/smart-coal/route/edit',
          title: '编辑路线',
          code: 'car090105',
          hidden: true,
          noCache: true,
          page: 'lines/LineEditPage',
        },
      ],
    },
    { path: '/smart-coal/customer', title: '客户管理', code: 'car090106', page: 'customers/CustomersPage' },
    {
      path: '/finance-management/finance-set',
      title: '财务设置',
      code: 'car090107',
      page: 'transport-prices/TransportPricesPage',
      children: [
        {
          path: '/finance-management/finance-set/addRoutePriceDrawer',
          title: '新增线路运价',
          code: 'car090107',
          page: 'transport-prices/AddRoutePricePage',
          hidden: true,
          noCache: true,
        },
      ],
    },
    {
      path: '/information/driver-register',
      title: '司机自助注册',
      code: 'car090108',
      page: 'drivers/DriverRegisterPage',
    },
    {
      path: '/information/register-review',
      title: '司机车辆注册审核',
      code: 'car090109',
      page: 'drivers/RegisterReviewPage',
    },
  ],
};

/** 用户中心 (car0903): push messages and user authorisation. */
const userCentre: MenuNode = {
  path: '/information/user-centre',
  title: '用户中心',
  code: 'car0903',
  children: [
    {
      path: '/permission/pushManage',
      title: '推送管理',
      code: 'car090301',
      page: 'push/PushManagePage',
      children: [
        {
          path: '/permission/pushManage/pushCard',
          title: '推送卡片',
          code: 'car090301',
          page: 'push/PushCardPage',
          hidden: true,
          noCache: true,
        },
        {
          path: '/permission/pushManage/pushScreen',
          title: '推送大屏',
          code: 'car090301',
          page: 'push/PushScreenPage',
          hidden: true,
          noCache: true,
        },
      ],
    },
    {
      path: '/permission/authorization',
      title: '用户授权',
      code: 'car090302',
      page: 'authorization/AuthorizationPage',
      children: [
        {
          path: '/permission/authorizationApply',
          title: '授权申请',
          code: 'car090302',
          page: 'authorization/AuthorizationApplyPage',
          hidden: true,
          noCache: true,
        },
      ],
    },
  ],
};

/** 系统管理 (car0904): users, roles, import/export tasks and common addresses. */
const system: MenuNode = {
  path: '/information/system',
  title: '系统管理',
  code: 'car0904',
  children: [
    { path: '/permission/user', title: '用户管理', code: 'car090401', page: 'system/UsersPage' },
    { path: '/permission/role', title: '角色管理', code: 'car090402', page: 'system/RolesPage' },
    {
      path: '/information/file-task',
      title: '导入导出查询',
      code: 'car090403',
      page: 'file-tasks/FileTasksPage',
    },
    {
      path: '/information/common-address',
      title: '常用地址',
      code: 'car090404',
      page: 'addresses/AddressesPage',
    },
  ],
};

/** 信息管理 (car09). */
export const informationMenu: MenuNode = {
  path: '/information',
  title: '信息管理',
  code: 'car09',
  icon: 'SettingOutlined',
  children: [
    baseInfo,
    {
      path: '/information/approve-setting',
      title: '审批设置',
      code: 'car0902',
      page: 'approvals/ApproveSettingPage',
    },
    userCentre,
    system,
  ],
};
