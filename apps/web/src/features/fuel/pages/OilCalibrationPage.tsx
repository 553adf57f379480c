import { OPERATE_LOG_PAGES } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Space, Spin, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import {
  FormDialog,
  ImportDialog,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  OperationLogDialog,
  type SearchField,
  useRowConfirm,
  WithQueryClient,
} from '../../../kit';
import { texts } from '../../../locales';
import {
  CALIBRATION_IMPORT_URL,
  type CalibrationRow,
  type CalibrationTruck,
  deleteCalibration,
  fetchCalibration,
  fetchCalibrationTrucks,
  saveCalibration,
} from '../api';
import { teamField, truckField } from '../searchFields';

const t = texts.fuel;
const k = t.calibration;

interface TableForm {
  rows: CalibrationRow[];
}

function CalibrationDialog({
  truck,
  onClose,
  onSaved,
}: {
  truck: CalibrationTruck;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<TableForm>();
  const table = useQuery({
    queryKey: ['fuel', 'calibration', truck.truckId],
    queryFn: ({ signal }) => fetchCalibration(truck.truckId, signal),
  });
  const initial = table.data?.rows.length
    ? table.data.rows
    : [
        { reading: 0, litres: 0 },
        { reading: (truck.tankCapacity ?? 0) || 100, litres: (truck.tankCapacity ?? 0) || 100 },
      ];
  if (table.isPending) return <Spin />;
  return (
    <FormDialog<TableForm>
      open
      status="edit"
      form={form}
      title={k.editTitle(truck.carNo)}
      width={560}
      layout="vertical"
      initialValues={{ rows: initial }}
      onSubmit={(values) => saveCalibration(truck.truckId, values.rows)}
      successMessage={k.saved}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Alert type="info" showIcon title={k.hint} style={{ marginBottom: 12 }} />
      <Form.List name="rows">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <span style={{ width: 24 }}>{i + 1}</span>
                <Form.Item
                  name={[field.name, 'reading']}
                  label={i === 0 ? k.reading : undefined}
                  rules={[{ required: true, message: `${k.required}${k.reading}` }]}
                >
                  <InputNumber
                    min={0}
                    max={100000}
                    precision={1}
                    style={{ width: 180 }}
                    aria-label={`${k.reading}${i + 1}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'litres']}
                  label={i === 0 ? k.litres : undefined}
                  rules={[{ required: true, message: `${k.required}${k.litres}` }]}
                >
                  <InputNumber
                    min={0}
                    max={100000}
                    precision={1}
                    style={{ width: 180 }}
                    aria-label={`${k.litres}${i + 1}`}
                  />
                </Form.Item>
                <Button type="link" danger disabled={fields.length <= 2} onClick={() => remove(field.name)}>
                  {k.deleteRow}
                </Button>
              </Space>
            ))}
            <Button type="dashed" block onClick={() => add()}>
              {k.addRow}
            </Button>
          </>
        )}
      </Form.List>
    </FormDialog>
  );
}

/** 油箱标定 (/oil-consumption/oil-consumption-calibration, car050301): each truck's reading → litres table. */
export default function OilCalibrationPage() {
  const list = useRef<ListPageHandle>(null);
  const [editing, setEditing] = useState<CalibrationTruck | null>(null);
  const [logOf, setLogOf] = useState<number | undefined>();
  const [importing, setImporting] = useState(false);
  const reload = () => list.current?.reload();
  const confirm = useRowConfirm(reload);
  const search = useMemo<SearchField[]>(
    () => [
      truckField(),
      teamField(),
      {
        name: 'calibrated',
        label: k.calibrated,
        type: 'select',
        width: 120,
        options: [
          { value: 1, label: k.yes },
          { value: 0, label: k.no },
        ],
      },
    ],
    [],
  );
  const columns = useMemo<ListColumn<CalibrationTruck>[]>(
    () => [
      { key: 'carNo', dataIndex: 'carNo', title: t.carNo, width: 120, fixed: 'left' },
      { key: 'teamName', dataIndex: 'teamName', title: t.team, width: 140, ellipsis: true },
      {
        key: 'tankCapacity',
        dataIndex: 'tankCapacity',
        title: k.tank,
        width: 110,
        align: 'right',
        render: (v: number | null) => v ?? '-',
      },
      {
        key: 'calibrated',
        title: k.calibrated,
        width: 100,
        render: (_, r) => <Tag color={r.calibrated ? 'green' : 'default'}>{r.calibrated ? k.yes : k.no}</Tag>,
      },
      { key: 'rowCount', dataIndex: 'rowCount', title: k.rowCount, width: 100, align: 'right' },
      {
        key: 'maxLitres',
        dataIndex: 'maxLitres',
        title: k.maxLitres,
        width: 140,
        align: 'right',
        render: (v: number | null) => v ?? '-',
      },
      {
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        title: k.updatedAt,
        width: 170,
        render: (v: string) => v || '-',
      },
      {
        key: 'action',
        title: t.action,
        width: 220,
        fixed: 'right',
        render: (_, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              {k.edit}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              disabled={!r.calibrated}
              onClick={() =>
                confirm({
                  content: k.confirmRemove(r.carNo),
                  run: () => deleteCalibration(r.truckId),
                  done: k.removed,
                  danger: true,
                })
              }
            >
              {k.remove}
            </Button>
            <Button type="link" size="small" onClick={() => setLogOf(r.truckId)}>
              {k.log}
            </Button>
          </Space>
        ),
      },
    ],
    [confirm],
  );
  return (
    <WithQueryClient>
      <ListPage<CalibrationTruck>
        ref={list}
        listKey="fuel-calibration"
        columnSettingsKey="oilCalibration"
        fetchList={(params, signal) => fetchCalibrationTrucks(params, signal)}
        columns={columns}
        rowKey="truckId"
        searchFields={search}
        toolbar={{ onImport: () => setImporting(true) }}
      />
      {editing ? (
        <CalibrationDialog
          truck={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      ) : null}
      <OperationLogDialog
        open={logOf !== undefined}
        dataId={logOf}
        pageEnum={OPERATE_LOG_PAGES.fuelCalibration}
        onClose={() => setLogOf(undefined)}
      />
      <ImportDialog
        mode="server"
        open={importing}
        title={k.importTitle}
        uploadUrl={CALIBRATION_IMPORT_URL}
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          void reload();
        }}
      />
    </WithQueryClient>
  );
}
