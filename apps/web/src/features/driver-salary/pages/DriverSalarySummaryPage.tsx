import { App, Button, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { type ListColumn, ListPage, type ListPageHandle, orDash, useListExport } from '../../../kit';
import { texts } from '../../../locales';
import {
  confirmSalary,
  exportSalarySummary,
  fetchSalarySummary,
  type SalarySummaryRow,
  type SalaryTotals,
} from '../api';
import { SalaryRulesDrawer } from '../SalaryRulesDrawer';
import { SALARY_SEARCH, thisMonth } from '../salarySearch';
import { TotalsText } from './DriverSalaryDetailPage';

const t = texts.driverSalary;

/** Sum of yuan texts, exact through fen. */
const yuanSum = (rows: SalarySummaryRow[]) => {
  const fen = rows.reduce((s, r) => s + r.totalFen, 0);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * 司机工资汇总 (/finance-management/ledger/driver-salary-summary car070104, /tc/ledger/… tc010303):
 * each driver's month, confirming the selected ones, and the 工资规则 drawer.
 */
export default function DriverSalarySummaryPage() {
  const { modal, message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [totals, setTotals] = useState<SalaryTotals | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const onExport = useListExport(exportSalarySummary, t.exported);

  const columns = useMemo<ListColumn<SalarySummaryRow>[]>(
    () => [
      { key: 'month', dataIndex: 'month', title: t.month, width: 76 },
      { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 90 },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 100, ellipsis: true, render: orDash },
      { key: 'trips', dataIndex: 'trips', title: t.trips, width: 56, align: 'right' },
      { key: 'settleWeight', dataIndex: 'settleWeight', title: t.tons, width: 90, align: 'right' },
      { key: 'tonKm', dataIndex: 'tonKm', title: t.tonKm, width: 90, align: 'right' },
      { key: 'base', dataIndex: 'base', title: t.base, width: 90, align: 'right' },
      { key: 'piece', dataIndex: 'piece', title: t.piece, width: 100, align: 'right' },
      { key: 'bonus', dataIndex: 'bonus', title: t.bonus, width: 100, align: 'right' },
      { key: 'deduction', dataIndex: 'deduction', title: t.deduction, width: 86, align: 'right' },
      { key: 'total', dataIndex: 'total', title: t.total, width: 110, align: 'right' },
      {
        key: 'confirmState',
        title: t.confirmState,
        width: 80,
        render: (_, row) =>
          row.confirmState === 1 ? <Tag color="green">{t.confirmed}</Tag> : <Tag>{t.unconfirmed}</Tag>,
      },
      {
        key: 'confirmedByName',
        dataIndex: 'confirmedByName',
        title: t.confirmedBy,
        width: 80,
        render: orDash,
      },
      { key: 'confirmTime', dataIndex: 'confirmTime', title: t.confirmTime, width: 165, render: orDash },
      { key: 'driverPhone', dataIndex: 'driverPhone', title: t.driverPhone, width: 120 },
    ],
    [],
  );

  const confirm = (rows: SalarySummaryRow[]) => {
    const open = rows.filter((r) => r.confirmState === 0);
    if (open.length === 0) {
      void message.warning(t.allConfirmed);
      return;
    }
    const month = open[0]?.month ?? thisMonth();
    modal.confirm({
      title: t.confirmTitle,
      content: t.confirmContent(open.map((r) => r.driverName).join('、'), month, yuanSum(open)),
      okText: t.confirmOk,
      cancelText: t.confirmCancel,
      onOk: async () => {
        const done = await confirmSalary(
          open.map((r) => r.driverId),
          month,
        );
        void message.success(t.confirmDone(done.confirmed));
        await list.current?.reload();
      },
    });
  };

  return (
    <>
      <ListPage<SalarySummaryRow>
        ref={list}
        listKey="driver-salary-summary"
        fetchList={async (params, signal) => {
          const page = await fetchSalarySummary({ month: thisMonth(), ...params }, signal);
          setTotals(page.totalRow);
          return page;
        }}
        columns={columns}
        rowKey="driverId"
        searchFields={SALARY_SEARCH}
        initialQuery={{ month: thisMonth() }}
        columnSettingsKey="driverSalarySummary"
        toolbar={{
          onExport: (q) => onExport({ month: thisMonth(), ...q }),
          batchActions: [{ key: 'confirm', label: t.confirm, onClick: confirm }],
          extra: <Button onClick={() => setRulesOpen(true)}>{t.rules}</Button>,
        }}
        title={<TotalsText totals={totals} />}
      />
      <SalaryRulesDrawer
        open={rulesOpen}
        onClose={() => setRulesOpen(false)}
        onSaved={() => void list.current?.reload()}
      />
    </>
  );
}
