import { FEE_KINDS, FEE_TYPE_APPS } from '@fleet/domain';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import type { RecordFormProps } from '../../kit';
import { maxRule, nameRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';
import type { FeeTypeFields } from './feeType.record';

const t = texts.feeTypes;

/** The items of 新增费用类型 / 编辑费用类型; a built-in type's name and kind are locked. */
export function FeeTypeFormItems({ form }: RecordFormProps<FeeTypeFields>) {
  const builtIn = Form.useWatch('builtIn', { form, preserve: true }) === 1;
  const locked = builtIn ? t.builtInLocked : undefined;
  return (
    <>
      <Form.Item
        name="feeName"
        label={t.feeName}
        tooltip={locked}
        rules={[requiredRule(t.required.feeName), nameRule]}
      >
        <Input maxLength={30} placeholder={t.feeNamePlaceholder} disabled={builtIn} />
      </Form.Item>
      <Form.Item
        name="feeKind"
        label={t.feeKind}
        tooltip={locked}
        rules={[{ required: true, message: t.required.feeKind }]}
      >
        <Radio.Group
          options={FEE_KINDS.map((k) => ({ value: k.value, label: k.label }))}
          disabled={builtIn}
        />
      </Form.Item>
      <Form.Item
        name="feeTypeApp"
        label={t.feeTypeApp}
        rules={[{ required: true, message: t.required.feeTypeApp }]}
      >
        <Select options={FEE_TYPE_APPS.map((a) => ({ value: a.value, label: a.label }))} />
      </Form.Item>
      <Form.Item
        name="sort"
        label={t.sort}
        rules={[{ type: 'integer', min: 0, max: 9999, message: t.sortRule }]}
      >
        <InputNumber
          min={0}
          max={9999}
          precision={0}
          placeholder={t.sortPlaceholder}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="remark" label={t.remark} rules={[maxRule(200)]}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}
