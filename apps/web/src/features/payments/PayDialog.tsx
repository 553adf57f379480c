import { fenToYuan, PAY_METHODS } from '@fleet/domain';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { ImageUploader, type ImageUploaderHandle, pendingUploadMessage } from '../../kit';
import { texts } from '../../locales';
import { type BatchResult, batchPay, type Payable, type PaymentForm, payWaybill } from './api';

const t = texts.payments;

interface Values {
  paidAt: Dayjs;
  payMethod: number;
  payer: string;
  remark?: string;
  photos?: string[];
}

/** A fresh idempotency key: one per opening of the dialog, so a repeated 确定 pays once. */
function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2, 14)}`;
}

/**
 * 付款 of one waybill (its unpaid approved fees) or 批量付款 of several: payment time, method, payer,
 * remark and up to 6 invoice images (PNG/JPEG under 20 MB, business section 5); saving waits for the
 * uploads. A batch answers per waybill, shown in a result table.
 */
export function PayDialog({
  rows,
  onClose,
  onPaid,
}: {
  rows: Payable[];
  onClose: () => void;
  onPaid: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const uploader = useRef<ImageUploaderHandle>(null);
  const [key] = useState(newKey);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<BatchResult>();
  const single = rows.length === 1 ? rows[0] : undefined;
  const amount = rows.reduce((s, r) => s + r.unpaidFen, 0);

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
    const body: PaymentForm = {
      paidAt: values.paidAt.format('YYYY-MM-DD HH:mm:ss'),
      payMethod: values.payMethod,
      payer: values.payer.trim(),
      remark: values.remark?.trim() || undefined,
      photos: values.photos ?? [],
      requestKey: key,
    };
    setSaving(true);
    try {
      if (single) {
        await payWaybill(single.waybillId, body);
        void message.success(t.paidDone);
        onPaid();
        onClose();
      } else {
        const answer = await batchPay(
          rows.map((r) => r.waybillId),
          body,
        );
        void message.info(t.batchDone(answer.succeeded, answer.failed));
        setResult(answer);
        onPaid();
      }
    } catch {
      // the request client showed why; nothing was paid
    } finally {
      setSaving(false);
    }
  };

  if (result)
    return (
      <Modal
        open
        title={t.resultTitle}
        width={760}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t.ok}
          </Button>
        }
      >
        <Table
          size="small"
          rowKey="waybillId"
          pagination={false}
          dataSource={result.results}
          data-testid="batch-pay-results"
          columns={[
            { key: 'billNo', dataIndex: 'billNo', title: t.billNo, width: 170 },
            {
              key: 'success',
              title: t.result,
              width: 80,
              render: (_, r) => (
                <Tag color={r.success ? 'green' : 'red'}>{r.success ? t.resultOk : t.resultFailed}</Tag>
              ),
            },
            {
              key: 'amount',
              title: t.amount,
              width: 110,
              align: 'right',
              render: (_, r) => (r.payment ? fenToYuan(r.payment.amountFen) : '-'),
            },
            { key: 'message', dataIndex: 'message', title: t.message },
          ]}
        />
      </Modal>
    );

  return (
    <Modal
      open
      title={single ? t.payTitle(single.billNo, single.payeeName) : t.batchPayTitle(rows.length)}
      width={640}
      okText={t.ok}
      cancelText={t.cancel}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      {single ? (
        <Typography.Paragraph>{t.payAmount(fenToYuan(amount))}</Typography.Paragraph>
      ) : (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t.batchHint} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        name="pay"
        initialValues={{ paidAt: dayjs(), payMethod: 1 }}
      >
        <Form.Item name="paidAt" label={t.paidAt} rules={[{ required: true, message: t.paidAtRequired }]}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="payMethod"
          label={t.payMethod}
          rules={[{ required: true, message: t.payMethodRequired }]}
        >
          <Select options={PAY_METHODS.map((m) => ({ value: m.value, label: m.label }))} />
        </Form.Item>
        <Form.Item
          name="payer"
          label={t.payer}
          rules={[
            { required: true, whitespace: true, message: t.payerRequired },
            { max: 30, message: t.payerTooLong },
          ]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="remark" label={t.remark}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        <Form.Item name="photos" label={t.photos}>
          <ImageUploader ref={uploader} invoice={{ noun: t.photos }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
