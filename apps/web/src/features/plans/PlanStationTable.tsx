import { DatePicker, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { PlanStation } from '../../api/plans';
import { texts } from '../../locales';

const t = texts.plans;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';

const pickerValue = (text: string) => (text ? dayjs(text) : null);
const textOf = (d: Dayjs | null) => (d ? d.format(FORMAT) : '');

/** The plan's station rows: the line's stations with planned arrival and departure, each editable. */
export function PlanStationTable({
  rows,
  onChange,
  disabled,
}: {
  rows: PlanStation[];
  onChange: (rows: PlanStation[]) => void;
  disabled?: boolean;
}) {
  const change = (index: number, field: 'arriveTime' | 'departTime', value: Dayjs | null) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [field]: textOf(value) } : r)));
  return (
    <Table<PlanStation>
      size="small"
      rowKey="seq"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t.noStations }}
      columns={[
        { key: 'seq', dataIndex: 'seq', title: t.seq, width: 60 },
        {
          key: 'stationType',
          dataIndex: 'stationType',
          title: t.stationType,
          width: 80,
          render: (type: number) => t.stationTypes[type] ?? '-',
        },
        { key: 'address', dataIndex: 'address', title: t.address },
        {
          key: 'distance',
          dataIndex: 'distance',
          title: t.distance,
          width: 110,
          render: (m: number) => (m / 1000).toFixed(1),
        },
        {
          key: 'arriveTime',
          title: t.planArrive,
          width: 220,
          render: (_, r, i) =>
            i === 0 ? (
              r.arriveTime
            ) : (
              <DatePicker
                aria-label={`${r.address} ${t.planArrive}`}
                showTime
                disabled={disabled}
                value={pickerValue(r.arriveTime)}
                onChange={(d) => change(i, 'arriveTime', d)}
                style={{ width: 200 }}
              />
            ),
        },
        {
          key: 'departTime',
          title: t.planDepart,
          width: 220,
          render: (_, r, i) =>
            i === 0 ? (
              r.departTime
            ) : (
              <DatePicker
                aria-label={`${r.address} ${t.planDepart}`}
                showTime
                disabled={disabled}
                value={pickerValue(r.departTime)}
                onChange={(d) => change(i, 'departTime', d)}
                style={{ width: 200 }}
              />
            ),
        },
      ]}
    />
  );
}
