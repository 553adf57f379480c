import { App, Button, Space, Tag, Typography } from 'antd';
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
import { DriverPicker, RoutePicker, TruckPicker } from '../pickers';
import { ImportRecordsDialog, ReportDetailDialog, ReportFormDialog } from '../ReportDialogs';

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
    <Typography.Text type={abnormal && Math.abs(v) > 10 ? 'danger' : undefined}>{v}</Typography.Text>
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
      { key: 'lineName', dataIndex: 'lineName', title: t.line, width: 180, ellipsis: true, render: orDash },
      { key: 'departTime', dataIndex: 'departTime', title: t.departTime, width: 160 },
      { key: 'arriveTime', dataIndex: 'arriveTime', title: t.arriveTime, width: 160 },
      { key: 'mileage', dataIndex: 'mileage', title: t.reportedMileageShort, width: 90, align: 'right' },
      {
        key: 'recordedMileage',
        dataIndex: 'recordedMileage',
        title: t.recordedMileage,
        width: 90,
        align: 'right',
      },
      {
        key: 'mileageDiffRate',
        title: t.mileageRate,
        width: 100,
        align: 'right',
        render: (_, r) => rate(r.mileageDiffRate, r.abnormal),
      },
      { key: 'fuel', dataIndex: 'fuel', title: t.reportedFuelShort, width: 90, align: 'right' },
      { key: 'recordedFuel', dataIndex: 'recordedFuel', title: t.recordedFuel, width: 90, align: 'right' },
      {
        key: 'fuelDiffRate',
        title: t.fuelRate,
        width: 100,
        align: 'right',
        render: (_, r) => rate(r.fuelDiffRate, r.abnormal),
      },
      {
        key: 'abnormal',
        title: t.result,
        width: 100,
        render: (_, r) => <Tag color={r.abnormal ? 'red' : 'green'}>{r.abnormalName}</Tag>,
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
          <Space direction="vertical" size={0}>
            <BackTitle onBack={() => navigate(TRIP_PATHS.statistics)} backLabel={t.back}>
              {t.reportsTitle}
            </BackTitle>
            <Typography.Text type="secondary">{t.rule}</Typography.Text>
          </Space>
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
                    const done = await deleteReports(rows.map((r) => r.id));
                    void message.success(t.deleted(done.deleted));
                    reload();
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
      <ReportDetailDialog id={detailId} onClose={() => setDetailId(null)} />
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
