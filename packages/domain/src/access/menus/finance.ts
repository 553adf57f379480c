import type { MenuNode } from '../types';

/** 财务管理 (car07): ledgers, fee approval and reconciliation. */
export const financeMenu: MenuNode = {
  path: '/finance-management',
  title: '财务管理',
  code: 'car07',
  icon: 'AccountBookOutlined',
  children: [
    {
      path: '/finance-management/ledger',
      title: '台账',
      code: 'car0701',
      children: [
        {
          path: '/finance-management/ledger/road-bridge',
          title: '路桥费台账',
          code: 'car070101',
          page: 'payments/RoadBridgeLedgerPage',
        },
        {
          path: '/finance-management/ledger/waybill-fee',
          title: '运单费用明细',
          code: 'car070102',
          page: 'payments/WaybillFeeLedgerPage',
        },
        {
          path: '/finance-management/ledger/driver-salary-detail',
          title: '司机工资明细',
          code: 'car070103',
          page: 'driver-salary/DriverSalaryDetailPage',
        },
        {
          path: '/finance-management/ledger/driver-salary-summary',
          title: '司机工资汇总',
          code: 'car070104',
          page: 'driver-salary/DriverSalarySummaryPage',
        },
      ],
    },
    {
      path: '/finance-management/approval',
      title: '审批',
      code: 'car0702',
      children: [
        {
          path: '/smart-coal/wayBill-cost-approval',
          title: '运单费用审批',
          code: 'car070207',
          page: 'approvals/FeeApprovalPage',
        },
      ],
    },
    {
      path: '/finance-management/reconciliation',
      title: '对账',
      code: 'car0703',
      children: [
        {
          path: '/finance-management/reconciliation/receivable',
          title: '应收对账',
          code: 'car070301',
          page: 'receivables/ReceivablesPage',
        },
        {
          path: '/finance-management/reconciliation/payable',
          title: '应付对账',
          code: 'car070302',
          page: 'payments/PayablePage',
        },
      ],
    },
  ],
};
