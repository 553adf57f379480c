import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { cancelWaybill } from '../../api/waybills';
import { maxRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';

const t = texts.waybills;

export interface CancelDialogProps {
  /** The waybill to cancel; the dialog is shown while there is one. */
  waybill: { id: number; billNo: string } | undefined;
  onClose: () => void;
  onCancelled: () => void;
}

/** 取消运单: the reason is required; a refusal (e.g. already completed) shows the server's message. */
export function CancelDialog({ waybill, onClose, onCancelled }: CancelDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!waybill) return;
    let reason: string;
    try {
      ({ reason } = await form.validateFields());
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await cancelWaybill(waybill.id, reason.trim());
      if (answer.code === 200) {
        void message.success(t.cancelDialog.done);
        onCancelled();
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
      open={waybill !== undefined}
      title={waybill ? t.cancelDialog.title(waybill.billNo) : ''}
      destroyOnHidden
      okButtonProps={{ danger: true, loading: saving }}
      okText={texts.kit.common.ok}
      cancelText={texts.kit.common.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" preserve={false} name="cancelWaybill">
        <Form.Item
          name="reason"
          label={t.cancelDialog.reason}
          rules={[requiredRule(t.required.reason), maxRule(200)]}
        >
          <Input.TextArea rows={3} maxLength={200} placeholder={t.cancelDialog.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
