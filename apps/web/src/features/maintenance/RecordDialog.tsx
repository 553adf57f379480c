import { isMoney, MONEY_MESSAGE, yuanToFen } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { ImageUploader, type ImageUploaderHandle, pendingUploadMessage } from '../../kit';
import { checkRule, maxRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';
import { addRecord, fetchTruckPlans, type MaintenanceRecord, updateRecord } from './api';
import { TruckPicker } from './TruckPicker';

const t = texts.maintenance.record;
const span = { xs: 24, sm: 12 };

interface Values {
  truckId?: number;
  planId?: number;
  maintainDate?: Dayjs;
  mileageKm?: number | null;
  items?: string;
  workshop?: string;
  amountYuan?: string;
  invoiceImages?: string[];
  remark?: string;
}

const moneyRule = checkRule((v) => (isMoney(v.trim()) ? null : MONEY_MESSAGE));
const positiveRule = checkRule((v) => (Number(v) > 0 ? null : t.amountPositive));

/** The form's values of a stored record (修改). */
function valuesOf(r: MaintenanceRecord): Values {
  return {
    truckId: r.truckId,
    planId: r.planId ?? undefined,
    maintainDate: dayjs(r.maintainDate),
    mileageKm: r.mileageKm,
    items: r.items,
    workshop: r.workshop,
    amountYuan: r.amountYuan,
    invoiceImages: r.invoiceImages,
    remark: r.remark,
  };
}

/**
 * 新增保养记录 and 修改保养记录 (`record` given): a service of a truck; saving it writes (or changes)
 * the truck's 保养 cost in the cost centre and, under a plan, moves the plan's last service.
 */
export function RecordDialog({
  open,
  truck,
  planId,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  truck?: { id: number; carNo: string };
  planId?: number;
  record?: MaintenanceRecord;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const uploader = useRef<ImageUploaderHandle>(null);
  const [saving, setSaving] = useState(false);
  const truckId = Form.useWatch('truckId', form);
  const plans = useQuery({
    queryKey: ['maintenance', 'truckPlans', truckId],
    queryFn: () => fetchTruckPlans(truckId as number),
    enabled: Boolean(truckId),
  });

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const pending = pendingUploadMessage(uploader.current);
    if (pending) {
      void message.warning(pending);
      return;
    }
    setSaving(true);
    try {
      const body = {
        truckId: values.truckId as number,
        planId: values.planId,
        maintainDate: (values.maintainDate as Dayjs).format('YYYY-MM-DD'),
        mileageKm: values.mileageKm ?? undefined,
        items: values.items?.trim() ?? '',
        workshop: values.workshop,
        amountFen: yuanToFen(values.amountYuan ?? '0'),
        invoiceImages: values.invoiceImages ?? [],
        remark: values.remark,
      };
      if (record) await updateRecord({ ...body, id: record.id });
      else await addRecord(body);
      void message.success(record ? t.updated : t.saved);
      onSaved();
      onClose();
    } catch {
      // the request client showed why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? t.editTitle : t.title}
      width={720}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
      okText={texts.kit.common.ok}
      cancelText={texts.kit.common.cancel}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={record ? valuesOf(record) : { truckId: truck?.id, planId, maintainDate: dayjs() }}
      >
        <Row gutter={16}>
          <Col {...span}>
            <Form.Item name="truckId" label={t.truck} rules={[{ required: true, message: t.required.truck }]}>
              <TruckPicker carNo={record?.carNo ?? truck?.carNo} width="100%" />
            </Form.Item>
          </Col>
          <Col {...span}>
            <Form.Item name="planId" label={t.plan}>
              <Select
                allowClear
                placeholder={t.planPlaceholder}
                loading={plans.isFetching}
                options={(plans.data?.list ?? []).map((p) => ({ value: p.planId, label: p.planName }))}
              />
            </Form.Item>
          </Col>
          <Col {...span}>
            <Form.Item
              name="maintainDate"
              label={t.date}
              rules={[{ required: true, message: t.required.date }]}
            >
              <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
            </Form.Item>
          </Col>
          <Col {...span}>
            <Form.Item name="mileageKm" label={t.mileage}>
              <InputNumber min={0} max={9_999_999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="items" label={t.items} rules={[requiredRule(t.required.items), maxRule(200)]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...span}>
            <Form.Item name="workshop" label={t.workshop} rules={[maxRule(50)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col {...span}>
            <Form.Item
              name="amountYuan"
              label={t.amount}
              rules={[requiredRule(t.required.amount), moneyRule, positiveRule]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="invoiceImages" label={t.invoice}>
              <ImageUploader ref={uploader} invoice={{ noun: t.invoice }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t.remark} rules={[maxRule(200)]}>
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
