import { DatePicker, Descriptions, Form, Input, InputNumber, Modal, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { FormDialog } from '../../kit';
import { texts } from '../../locales';
import { fetchReport, type ReportDetail, saveReport, type TripReport } from './api';
import { DriverPicker, RoutePicker, TruckPicker } from './pickers';

const t = texts.tripReports;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  truckId?: number;
  driverId?: number;
  lineId?: number;
  departTime?: Dayjs;
  arriveTime?: Dayjs;
  mileage?: number;
  fuel?: number;
  cargoTons?: number;
  remark?: string;
}

/** 新增 / 编辑行程报告. */
export function ReportFormDialog({
  open,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  row: TripReport | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const initial: Partial<Values> = row
    ? {
        truckId: row.truckId,
        driverId: row.driverId ?? undefined,
        lineId: row.lineId ?? undefined,
        departTime: dayjs(row.departTime),
        arriveTime: dayjs(row.arriveTime),
        mileage: row.mileage,
        fuel: row.fuel,
        cargoTons: row.cargoTons ?? undefined,
        remark: row.remark || undefined,
      }
    : {};
  return (
    <FormDialog<Values, { id: number }>
      open={open}
      status={row ? 'edit' : 'add'}
      title={row ? t.editTitle : t.addTitle}
      form={form}
      name="tripReport"
      initialValues={initial}
      successMessage={t.saved}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={(v) =>
        saveReport({
          ...(row ? { id: row.id } : {}),
          truckId: v.truckId as number,
          driverId: v.driverId ?? null,
          lineId: v.lineId ?? null,
          departTime: (v.departTime as Dayjs).format(FORMAT),
          arriveTime: (v.arriveTime as Dayjs).format(FORMAT),
          mileage: v.mileage as number,
          fuel: v.fuel as number,
          ...(v.cargoTons === undefined || v.cargoTons === null ? {} : { cargoTons: v.cargoTons }),
          remark: v.remark?.trim() ?? '',
        })
      }
    >
      <Form.Item name="truckId" label={t.carNo} rules={[{ required: true, message: t.required.truck }]}>
        <TruckPicker selected={row ? [{ value: row.truckId, label: row.carNo }] : []} />
      </Form.Item>
      <Form.Item name="driverId" label={t.driver}>
        <DriverPicker selected={row?.driverId ? [{ value: row.driverId, label: row.driverName }] : []} />
      </Form.Item>
      <Form.Item name="lineId" label={t.line}>
        <RoutePicker selected={row?.lineId ? [{ value: row.lineId, label: row.lineName }] : []} />
      </Form.Item>
      <Form.Item
        name="departTime"
        label={t.departTime}
        rules={[{ required: true, message: t.required.depart }]}
      >
        <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="arriveTime"
        label={t.arriveTime}
        dependencies={['departTime']}
        rules={[
          { required: true, message: t.required.arrive },
          ({ getFieldValue }) => ({
            validator: (_, v: Dayjs | undefined) => {
              const depart = getFieldValue('departTime') as Dayjs | undefined;
              return !v || !depart || v.isAfter(depart)
                ? Promise.resolve()
                : Promise.reject(new Error(t.arriveAfterDepart));
            },
          }),
        ]}
      >
        <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="mileage"
        label={t.mileageField}
        rules={[{ required: true, message: t.required.mileage }]}
      >
        <InputNumber min={0.1} max={5000} precision={1} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="fuel" label={t.fuelField} rules={[{ required: true, message: t.required.fuel }]}>
        <InputNumber min={0} max={3000} precision={1} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="cargoTons" label={t.cargoField}>
        <InputNumber min={0} max={200} precision={3} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label={t.remark}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}

/** 行程报告详情: the report, its comparison and the trips recorded in its window. */
export function ReportDetailDialog({
  id,
  onClose,
  onRefused,
}: {
  id: number | null;
  onClose: () => void;
  /** The report could not be read (deleted meanwhile): the list is out of date. */
  onRefused?: () => void;
}) {
  const [detail, setDetail] = useState<ReportDetail>();
  const close = useRef<() => void>(() => undefined);
  close.current = () => {
    onClose();
    onRefused?.();
  };
  useEffect(() => {
    setDetail(undefined);
    if (id === null) return;
    let live = true;
    fetchReport(id).then(
      (d) => live && setDetail(d),
      // refused (deleted meanwhile, out of scope): the request client said why; no endless spinner
      () => live && close.current(),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return (
    <Modal
      open={id !== null}
      title={t.detailTitle}
      onCancel={onClose}
      footer={null}
      width={820}
      loading={!detail}
    >
      {detail ? (
        <>
          <Descriptions
            size="small"
            bordered
            column={3}
            items={[
              { key: 'carNo', label: t.carNo, children: detail.carNo },
              { key: 'driver', label: t.driver, children: detail.driverName || '-' },
              { key: 'line', label: t.line, children: detail.lineName || '-' },
              { key: 'depart', label: t.departTime, children: detail.departTime },
              { key: 'arrive', label: t.arriveTime, children: detail.arriveTime },
              { key: 'source', label: t.source, children: detail.sourceName },
              { key: 'rm', label: t.reportedMileageShort, children: detail.mileage },
              { key: 'cm', label: t.recordedMileage, children: detail.recordedMileage },
              { key: 'mr', label: t.mileageRate, children: detail.mileageDiffRate ?? '-' },
              { key: 'rf', label: t.reportedFuelShort, children: detail.fuel },
              { key: 'cf', label: t.recordedFuel, children: detail.recordedFuel },
              { key: 'fr', label: t.fuelRate, children: detail.fuelDiffRate ?? '-' },
              {
                key: 'result',
                label: t.result,
                span: 3,
                children: <Tag color={detail.abnormal ? 'red' : 'green'}>{detail.abnormalName}</Tag>,
              },
            ]}
          />
          <Table
            style={{ marginTop: 12 }}
            rowKey="id"
            size="small"
            pagination={false}
            title={() => t.recordedTrips}
            dataSource={detail.trips}
            locale={{ emptyText: t.noTrips }}
            columns={[
              { key: 'startTime', dataIndex: 'startTime', title: t.tripStart },
              { key: 'endTime', dataIndex: 'endTime', title: t.tripEnd },
              { key: 'mileageKm', dataIndex: 'mileageKm', title: t.tripMileage, align: 'right' },
              { key: 'fuelL', dataIndex: 'fuelL', title: t.tripFuel, align: 'right' },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
