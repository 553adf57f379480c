import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { changeWaybillLine, type Waybill } from '../../api/waybills';
import { LineSelect } from '../../kit';
import { maxRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';

const t = texts.waybills;

export interface ChangeLineDialogProps {
  open: boolean;
  waybill: Pick<Waybill, 'id' | 'billNo' | 'lineId' | 'lineName'>;
  onClose: () => void;
  onChanged: () => void;
}

/** 变更线路: a new line and the reason; the server takes the new line's stations (and prices it again before loading). */
export function ChangeLineDialog({ open, waybill, onClose, onChanged }: ChangeLineDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ lineId: number; reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let v: { lineId: number; reason: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await changeWaybillLine(waybill.id, v.lineId, v.reason.trim());
      if (answer.code === 200) {
        void message.success(t.form.lineChanged);
        onChanged();
        onClose();
      } else if (answer.msg) void message.error(answer.msg);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={`${t.form.changeLineTitle} ${waybill.billNo}`}
      destroyOnHidden
      okButtonProps={{ loading: saving }}
      okText={texts.kit.common.ok}
      cancelText={texts.kit.common.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" preserve={false} name="changeLine">
        <Form.Item label={t.line}>
          <Input value={waybill.lineName} disabled />
        </Form.Item>
        <Form.Item
          name="lineId"
          label={t.form.newLine}
          rules={[{ required: true, message: t.required.line }]}
        >
          <LineSelect placeholder={t.linePlaceholder} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t.form.reason}
          rules={[requiredRule(t.required.reason), maxRule(200)]}
        >
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
