import { yuanToFen } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { addWaybillFee, fetchFeeTypeOptions } from '../../api/waybills';
import { FormDialog } from '../../kit';
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
  const [form] = Form.useForm<FeeValues>();
  const types = useQuery({ queryKey: ['waybills', 'feeTypes'], queryFn: fetchFeeTypeOptions, enabled: open });
  return (
    <FormDialog<FeeValues>
      open={open}
      status="add"
      form={form}
      title={d.addFee}
      name="fee"
      layout="vertical"
      width={520}
      successMessage={d.feeAdded}
      onSubmit={(v) =>
        addWaybillFee({
          waybillId,
          feeTypeId: v.feeTypeId as number,
          amountFen: yuanToFen((v.amountYuan ?? '').trim()),
          remark: v.remark?.trim() || undefined,
        })
      }
      onSaved={() => onSaved()}
      onClose={onClose}
    >
      <Form.Item name="feeTypeId" label={d.feeType} rules={[{ required: true, message: t.required.feeType }]}>
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
    </FormDialog>
  );
}
