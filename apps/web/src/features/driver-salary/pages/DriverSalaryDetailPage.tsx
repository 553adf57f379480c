import { Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { type ListColumn, ListPage, orDash, useListExport } from '../../../kit';
import { texts } from '../../../locales';
import { exportSalaryDetail, fetchSalaryDetail, type SalaryDetailRow, type SalaryTotals } from '../api';
import { SALARY_SEARCH, thisMonth } from '../salarySearch';

const t = texts.driverSalary;

/** The totals line above a salary list. */
export function TotalsText({ totals }: { totals: SalaryTotals | null }) {
  if (!totals) return null;
  return <span data-testid="salary-totals">{t.totals(totals)}</span>;
}

/**
 * 司机工资明细 (/finance-management/ledger/driver-salary-detail car070103, /tc/ledger/… tc010302):
 * each amount of the drivers' month with how it was computed.
 */
export default function DriverSalaryDetailPage() {
  const [totals, setTotals] = useState<SalaryTotals | null>(null);
  const onExport = useListExport(exportSalaryDetail, t.exported);
  const columns = useMemo<ListColumn<SalaryDetailRow>[]>(
    () => [
      { key: 'month', dataIndex: 'month', title: t.month, width: 90 },
      { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 100 },
      {
        key: 'kindName',
        title: t.kind,
        width: 110,
        render: (_, row) => (
          <Tag color={row.amountFen < 0 ? 'red' : row.kind === 'waybill' ? 'blue' : 'green'}>
            {row.kindName}
          </Tag>
        ),
      },
      {
        key: 'amount',
        title: t.amount,
        width: 110,
        align: 'right',
        render: (_, row) => (
          <Typography.Text type={row.amountFen < 0 ? 'danger' : undefined}>{row.amount}</Typography.Text>
        ),
      },
      { key: 'text', dataIndex: 'text', title: t.text, width: 520 },
      { key: 'billNo', dataIndex: 'billNo', title: t.billNo, width: 170, render: orDash },
      { key: 'time', dataIndex: 'time', title: t.time, width: 165, render: orDash },
      { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 180, ellipsis: true, render: orDash },
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 100, render: orDash },
      { key: 'settleWeight', dataIndex: 'settleWeight', title: t.settleWeight, width: 110, render: orDash },
      { key: 'distanceKm', dataIndex: 'distanceKm', title: t.distance, width: 100, render: orDash },
      { key: 'planNo', dataIndex: 'planNo', title: t.planNo, width: 150, render: orDash },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 130, ellipsis: true, render: orDash },
    ],
    [],
  );
  return (
    <ListPage<SalaryDetailRow>
      listKey="driver-salary-detail"
      fetchList={async (params, signal) => {
        const page = await fetchSalaryDetail({ month: thisMonth(), ...params }, signal);
        setTotals(page.totalRow);
        return page;
      }}
      columns={columns}
      rowKey={(row) => `${row.driverId}-${row.kind}-${row.billNo}-${row.planNo}-${row.time}`}
      searchFields={SALARY_SEARCH}
      initialQuery={{ month: thisMonth() }}
      columnSettingsKey="driverSalaryDetail"
      toolbar={{ onExport: (q) => onExport({ month: thisMonth(), ...q }) }}
      title={<TotalsText totals={totals} />}
    />
  );
}
