import type { MenuNode } from '../types';

/** 运单 (tc0101): the capacity business's own waybills. */
const waybills: MenuNode = {
  path: '/tc/waybill',
  title: '运单',
  code: 'tc0101',
  children: [
    {
      path: '/tc/wayBill-create',
      title: '创建运单',
      code: 'tc010101',
      noCache: true,
      page: 'waybills/WaybillCreatePage',
    },
    {
      path: '/tc/wayBill-tabulation',
      title: '运单列表',
      code: 'tc010102',
      page: 'waybills/WaybillsPage',
      children: [
        {
          path: '/tc/wayBill-detail',
          title: '运单详情',
          code: 'tc010102',
          hidden: true,
          page: 'waybills/WaybillDetailPage',
        },
        {
          path: '/tc/wayBill-edit',
          title: '编辑运单',
          code: 'tc010102',
          hidden: true,
          noCache: true,
          page: 'waybills/WaybillEditPage',
        },
        {
          path: '/tc/wayBill-create-back',
          title: '回单录入',
          code: 'tc010102',
          hidden: true,
          noCache: true,
          page: 'waybills/WaybillBackPage',
        },
        {
          path: '/tc/wayBill-edit-back',
          title: '回单编辑',
          code: 'tc010102',
          hidden: true,
          noCache: true,
          page: 'waybills/WaybillBackPage',
        },
      ],
    },
  ],
};

/** 财务 (tc0102): fee approval and reconciliation. */
const finance: MenuNode = {
  path: '/tc/finance',
  title: '财务',
  code: 'tc0102',
  children: [
    {
      path: '/tc/wayBill-cost-approval',
      title: '运单费用审批',
      code: 'tc010201',
      page: 'approvals/FeeApprovalPage',
    },
    {
      path: '/tc/finance/receivable',
      title: '应收对账',
      code: 'tc010202',
      page: 'receivables/ReceivablesPage',
    },
    { path: '/tc/finance/payable', title: '应付对账', code: 'tc010203', page: 'payments/PayablePage' },
  ],
};

/** 台账 (tc0103): fee detail and driver salary. */
const ledger: MenuNode = {
  path: '/tc/ledger',
  title: '台账',
  code: 'tc0103',
  children: [
    {
      path: '/tc/ledger/waybill-fee',
      title: '运单费用明细',
      code: 'tc010301',
      page: 'payments/WaybillFeeLedgerPage',
    },
    {
      path: '/tc/ledger/driver-salary-detail',
      title: '司机工资明细',
      code: 'tc010302',
      page: 'driver-salary/DriverSalaryDetailPage',
    },
    {
      path: '/tc/ledger/driver-salary-summary',
      title: '司机工资汇总',
      code: 'tc010303',
      page: 'driver-salary/DriverSalarySummaryPage',
    },
  ],
};

/** 效能 (tc0104): in-transit reminders and time-effect alarms. */
const efficiency: MenuNode = {
  path: '/tc/efficiency',
  title: '效能',
  code: 'tc0104',
  children: [
    { path: '/tc/onTheWayReminder', title: '在途提醒', code: 'tc010401' },
    { path: '/tc/time-effect-alarm', title: '时效报警', code: 'tc010402' },
  ],
};

/** 基础设置 (tc0105): the capacity business's master data and settings. */
const settings: MenuNode = {
  path: '/tc/settings',
  title: '基础设置',
  code: 'tc0105',
  children: [
    { path: '/tc/customer', title: '客户管理', code: 'tc010501', page: 'customers/CustomersPage' },
    {
      path: '/tc/route',
      title: '路线管理',
      code: 'tc010502',
      page: 'lines/LinesPage',
      children: [
        {
          path: '/tc/route/add',
          title: '新增路线',
          code: 'tc010502',
          hidden: true,
          noCache: true,
          page: 'lines/LineEditPage',
        },
        {
          path: '/tc/route/edit',
          title: '编辑路线',
          code: 'tc010502',
          hidden: true,
          noCache: true,
          page: 'lines/LineEditPage',
        },
      ],
    },
    {
      path: '/tc/scan-waybill',
      title: '扫码运单',
      code: 'tc010503',
      page: 'waybill-scan-codes/ScanCodesPage',
    },
    {
      path: '/tc/finance-set',
      title: '财务设置',
      code: 'tc010504',
      page: 'transport-prices/TransportPricesPage',
      children: [
        {
          path: '/tc/finance-set/addRoutePriceDrawer',
          title: '新增线路运价',
          code: 'tc010504',
          page: 'transport-prices/AddRoutePricePage',
          hidden: true,
          noCache: true,
        },
      ],
    },
    {
      path: '/tc/approve-setting',
      title: '审批设置',
      code: 'tc010505',
      page: 'approvals/ApproveSettingPage',
    },
    { path: '/tc/common-address', title: '常用地址', code: 'tc010506', page: 'addresses/AddressesPage' },
    { path: '/tc/common-page-setting', title: '常用页面设置', code: 'tc010507' },
  ],
};

/** 运力业务 (tc01): the capacity business section with its own waybills, finance and settings. */
export const capacityMenu: MenuNode = {
  path: '/tc',
  title: '运力业务',
  code: 'tc01',
  icon: 'ShopOutlined',
  children: [waybills, finance, ledger, efficiency, settings],
};
