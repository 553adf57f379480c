import { Form, Input } from 'antd';
import { changeWaybillLine, type Waybill } from '../../api/waybills';
import { FormDialog, LineSelect } from '../../kit';
import { maxRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';

const t = texts.waybills;

interface ChangeLineValues {
  lineId: number;
  reason: string;
}

export interface ChangeLineDialogProps {
  open: boolean;
  waybill: Pick<Waybill, 'id' | 'billNo' | 'lineId' | 'lineName'>;
  onClose: () => void;
  onChanged: () => void;
}

/** 变更线路: a new line and the reason; the server takes the new line's stations (and prices it again before loading). */
export function ChangeLineDialog({ open, waybill, onClose, onChanged }: ChangeLineDialogProps) {
  const [form] = Form.useForm<ChangeLineValues>();
  return (
    <FormDialog<ChangeLineValues, Waybill>
      open={open}
      status="edit"
      form={form}
      title={`${t.form.changeLineTitle} ${waybill.billNo}`}
      name="changeLine"
      layout="vertical"
      width={520}
      successMessage={t.form.lineChanged}
      onSubmit={(v) => changeWaybillLine(waybill.id, v.lineId, v.reason.trim())}
      onSaved={() => onChanged()}
      onClose={onClose}
    >
      <Form.Item label={t.line}>
        <Input value={waybill.lineName} disabled />
      </Form.Item>
      <Form.Item name="lineId" label={t.form.newLine} rules={[{ required: true, message: t.required.line }]}>
        <LineSelect placeholder={t.linePlaceholder} />
      </Form.Item>
      <Form.Item name="reason" label={t.form.reason} rules={[requiredRule(t.required.reason), maxRule(200)]}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
