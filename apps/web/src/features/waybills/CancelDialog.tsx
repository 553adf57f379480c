import { Form, Input } from 'antd';
import { cancelWaybill } from '../../api/waybills';
import { FormDialog } from '../../kit';
import { maxRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';

const t = texts.waybills;

interface CancelValues {
  reason: string;
}

export interface CancelDialogProps {
  /** The waybill to cancel; the dialog is shown while there is one. */
  waybill: { id: number; billNo: string } | undefined;
  onClose: () => void;
  onCancelled: () => void;
}

/** 取消运单: the reason is required; a refusal (e.g. already completed) shows the server's message. */
export function CancelDialog({ waybill, onClose, onCancelled }: CancelDialogProps) {
  const [form] = Form.useForm<CancelValues>();
  return (
    <FormDialog<CancelValues>
      open={waybill !== undefined}
      status="edit"
      form={form}
      title={waybill ? t.cancelDialog.title(waybill.billNo) : ''}
      name="cancelWaybill"
      layout="vertical"
      width={520}
      okDanger
      successMessage={t.cancelDialog.done}
      onSubmit={({ reason }) =>
        waybill ? cancelWaybill(waybill.id, reason.trim()) : Promise.reject(new Error('no waybill'))
      }
      onSaved={() => onCancelled()}
      onClose={onClose}
    >
      <Form.Item
        name="reason"
        label={t.cancelDialog.reason}
        rules={[requiredRule(t.required.reason), maxRule(200)]}
      >
        <Input.TextArea rows={3} maxLength={200} placeholder={t.cancelDialog.reasonPlaceholder} />
      </Form.Item>
    </FormDialog>
  );
}
