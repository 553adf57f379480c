import { QuestionCircleOutlined } from '@ant-design/icons';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ImportDialog,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  orDash,
  type SearchField,
  useListExport,
} from '../../../kit';
import { BackTitle } from '../../../kit/record/BackTitle';
import { texts } from '../../../locales';
import { deleteReports, exportReports, fetchReports, IMPORT_URL, TRIP_PATHS, type TripReport } from '../api';
import { ImportRecordsDialog } from '../ImportRecordsDialog';
import { DriverPicker, RoutePicker, TruckPicker } from '../pickers';
import { ReportDetailDialog, ReportFormDialog } from '../ReportDialogs';

const t = texts.tripReports;

const SEARCH: readonly SearchField[] = [
  { name: 'truckId', label: t.carNo, type: 'custom', control: <TruckPicker width={160} /> },
  { name: 'driverId', label: t.driver, type: 'custom', control: <DriverPicker width={140} /> },
  { name: 'lineId', label: t.line, type: 'custom', control: <RoutePicker width={200} /> },
  { name: 'depart', label: t.departRange, type: 'dateRange', rangeKeys: ['startTime', 'endTime'] },
  { name: 'source', label: t.source, type: 'select', options: t.sources, width: 120 },
  { name: 'onlyAbnormal', label: t.onlyAbnormal, type: 'select', options: t.abnormalOptions, width: 120 },
];

const rate = (v: number | null, abnormal: boolean) =>
  v === null ? (
    '-'
  ) : (
    <Typography.Text type={abnormal && Math.abs(v) > 10 ? 'danger' : undefined}>
      {v.toFixed(1)}
    </Typography.Text>
  );

/** 行程数据报告 (/journey-data/reporting, car080202): reported trips against the recorded ones. */
export default function TripReportsPage() {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [editing, setEditing] = useState<{ row: TripReport | null } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [records, setRecords] = useState(false);
  const onExport = useListExport(exportReports, t.exported);
  const reload = () => void list.current?.reload();

  const columns = useMemo<ListColumn<TripReport>[]>(
    () => [
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 100 },
      { key: 'driverName', dataIndex: 'driverName', title: t.driver, width: 80, render: orDash },
      { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 150, ellipsis: true, render: orDash },
      {
        key: 'departTime',
        title: t.tripTime,
        width: 160,
        render: (_, r) => (
          <>
            <div>{r.departTime}</div>
            <Typography.Text type="secondary">{r.arriveTime}</Typography.Text>
          </>
        ),
      },
      {
        key: 'mileage',
        title: t.reportedMileageShort,
        width: 86,
        align: 'right',
        render: (_, r) => r.mileage.toFixed(1),
      },
      {
        key: 'recordedMileage',
        title: t.recordedMileage,
        width: 86,
        align: 'right',
        render: (_, r) => r.recordedMileage.toFixed(1),
      },
      {
        key: 'fuel',
        title: t.reportedFuelShort,
        width: 86,
        align: 'right',
        render: (_, r) => r.fuel.toFixed(1),
      },
      {
        key: 'recordedFuel',
        title: t.recordedFuel,
        width: 86,
        align: 'right',
        render: (_, r) => r.recordedFuel.toFixed(1),
      },
      {
        key: 'abnormal',
        title: t.result,
        width: 100,
        render: (_, r) => <Tag color={r.abnormal ? 'red' : 'green'}>{r.abnormalName}</Tag>,
      },
      {
        key: 'mileageDiffRate',
        title: t.mileageRate,
        width: 100,
        align: 'right',
        render: (_, r) => rate(r.mileageDiffRate, r.abnormal),
      },
      {
        key: 'fuelDiffRate',
        title: t.fuelRate,
        width: 100,
        align: 'right',
        render: (_, r) => rate(r.fuelDiffRate, r.abnormal),
      },
      { key: 'cargoTons', dataIndex: 'cargoTons', title: t.cargo, width: 80, align: 'right', render: orDash },
      { key: 'sourceName', dataIndex: 'sourceName', title: t.source, width: 80 },
      { key: 'remark', dataIndex: 'remark', title: t.remark, width: 120, ellipsis: true, render: orDash },
      {
        key: 'op',
        title: t.operation,
        width: 110,
        fixed: 'right',
        locked: true,
        render: (_, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDetailId(r.id)}>
              {t.detail}
            </Button>
            <Button type="link" size="small" onClick={() => setEditing({ row: r })}>
              {t.edit}
            </Button>
          </Space>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <ListPage<TripReport>
        ref={list}
        listKey="trip-reports"
        fetchList={(params, signal) => fetchReports(params, signal)}
        columns={columns}
        rowKey="id"
        searchFields={SEARCH}
        columnSettingsKey="tripReports"
        title={
          <BackTitle onBack={() => navigate(TRIP_PATHS.statistics)} backLabel={t.back}>
            <Space size={4}>
              {t.reportsTitle}
              <Tooltip title={t.rule}>
                <QuestionCircleOutlined aria-label={t.rule} style={{ color: '#999' }} />
              </Tooltip>
            </Space>
          </BackTitle>
        }
        toolbar={{
          onAdd: () => setEditing({ row: null }),
          addText: t.add,
          onImport: () => setImporting(true),
          onExport,
          batchActions: [
            {
              key: 'delete',
              label: t.batchDelete,
              danger: true,
              onClick: (rows) =>
                modal.confirm({
                  title: t.deleteTitle,
                  content: t.deleteContent(rows.length),
                  okButtonProps: { danger: true },
                  onOk: async () => {
                    try {
                      const done = await deleteReports(rows.map((r) => r.id));
                      void message.success(t.deleted(done.deleted));
                      reload();
                    } catch {
                      // refused: the request client showed why; the list stays as it was
                    }
                  },
                }),
            },
          ],
          extra: <Button onClick={() => setRecords(true)}>{t.importRecords}</Button>,
        }}
      />
      <ReportFormDialog
        open={editing !== null}
        row={editing?.row ?? null}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <ReportDetailDialog id={detailId} onClose={() => setDetailId(null)} onRefused={reload} />
      <ImportDialog
        mode="server"
        open={importing}
        title={t.importTitle}
        uploadUrl={IMPORT_URL}
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          reload();
        }}
      />
      <ImportRecordsDialog open={records} onClose={() => setRecords(false)} onRolledBack={reload} />
    </>
  );
}
