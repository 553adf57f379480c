import { CREDIT_CODE_MESSAGE, CUSTOMER_TYPES, isCreditCode, SETTLEMENT_TYPES } from '@fleet/domain';
import { Form, Input, InputNumber, Select } from 'antd';
import { type RecordFormProps, TeamTreeSelect } from '../../kit';
import { checkRule, maxRule, nameRule, requiredRule } from '../../kit/formRules';
import { ContactFormItems } from '../../kit/record/ContactFormItems';
import { texts } from '../../locales';
import type { CustomerFields } from './customer.record';

const t = texts.customers;
const creditCodeRule = checkRule((v) => (isCreditCode(v.toUpperCase()) ? null : CREDIT_CODE_MESSAGE));

/** The items of 新增客户 / 编辑客户; 账期天数 only for 账期结算. */
export function CustomerFormItems({ form }: RecordFormProps<CustomerFields>) {
  const settlementType = Form.useWatch('settlementType', form);
  return (
    <>
      <Form.Item
        name="customerName"
        label={t.customerName}
        rules={[requiredRule(t.required.customerName), nameRule]}
      >
        <Input maxLength={30} placeholder={t.customerNamePlaceholder} />
      </Form.Item>
      <Form.Item name="creditCode" label={t.creditCodeShort} tooltip={t.creditCode} rules={[creditCodeRule]}>
        <Input maxLength={18} placeholder={t.creditCodePlaceholder} />
      </Form.Item>
      <Form.Item
        name="customerType"
        label={t.customerType}
        rules={[{ required: true, message: t.required.customerType }]}
      >
        <Select options={CUSTOMER_TYPES.map((c) => ({ value: c.value, label: c.label }))} />
      </Form.Item>
      <ContactFormItems labels={t} />
      <Form.Item name="address" label={t.address} rules={[maxRule(100)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="settlementType"
        label={t.settlementType}
        rules={[{ required: true, message: t.required.settlementType }]}
      >
        <Select options={SETTLEMENT_TYPES.map((c) => ({ value: c.value, label: c.label }))} />
      </Form.Item>
      {settlementType === 3 && (
        <Form.Item
          name="settlementDays"
          label={t.settlementDays}
          rules={[
            { required: true, message: t.settlementDaysRequired },
            { type: 'integer', min: 1, max: 365, message: t.settlementDaysRule },
          ]}
        >
          <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
      <Form.Item name="teamCode" label={t.team} rules={[{ required: true, message: t.required.team }]}>
        <TeamTreeSelect />
      </Form.Item>
      <Form.Item name="remark" label={t.remark} rules={[maxRule(200)]}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}
