import { yuanToFen } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { addWaybillFee, fetchFeeTypeOptions } from '../../api/waybills';
import { maxRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';
import { yuanRule } from './waybillParts';

const t = texts.waybills;
/** The freight's built-in type: computed from the price, never added by hand. */
const FREIGHT = '运费';
const d = t.detailPage;

interface FeeValues {
  feeTypeId?: number;
  amountYuan?: string;
  remark?: string;
}

export interface FeeDialogProps {
  waybillId: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增费用: an enabled fee type of the merchant and the amount in yuan (sent in fen, exactly). */
export function FeeDialog({ waybillId, open, onClose, onSaved }: FeeDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FeeValues>();
  const [saving, setSaving] = useState(false);
  const types = useQuery({ queryKey: ['waybills', 'feeTypes'], queryFn: fetchFeeTypeOptions, enabled: open });
  const submit = async () => {
    let v: FeeValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await addWaybillFee({
        waybillId,
        feeTypeId: v.feeTypeId as number,
        amountFen: yuanToFen((v.amountYuan ?? '').trim()),
        remark: v.remark?.trim() || undefined,
      });
      if (answer.code === 200) {
        void message.success(d.feeAdded);
        onSaved();
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
      title={d.addFee}
      destroyOnHidden
      okButtonProps={{ loading: saving }}
      okText={texts.kit.common.ok}
      cancelText={texts.kit.common.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form<FeeValues> form={form} layout="vertical" preserve={false} name="fee">
        <Form.Item
          name="feeTypeId"
          label={d.feeType}
          rules={[{ required: true, message: t.required.feeType }]}
        >
          <Select
            loading={types.isFetching}
            placeholder={texts.kit.common.pleaseSelect}
            showSearch={{ optionFilterProp: 'label' }}
            options={(types.data ?? [])
              .filter((ft) => ft.feeName !== FREIGHT)
              .map((ft) => ({ value: ft.id, label: ft.feeName }))}
          />
        </Form.Item>
        <Form.Item name="amountYuan" label={d.amount} rules={[requiredRule(t.required.amount), yuanRule]}>
          <Input placeholder={t.yuanPlaceholder} suffix={t.yuan} />
        </Form.Item>
        <Form.Item name="remark" label={t.remark} rules={[maxRule(200)]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
