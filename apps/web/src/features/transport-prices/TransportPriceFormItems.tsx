import { isMoney, MONEY_MESSAGE, PRICE_TYPES, PRICE_UNITS, SETTLE_WEIGHTS } from '@fleet/domain';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { CustomerLineItems, type RecordFormProps } from '../../kit';
import { checkRule, maxRule } from '../../kit/formRules';
import { TeamRemarkItems } from '../../kit/record/TeamRemarkItems';
import { texts } from '../../locales';
import type { TransportPrice, TransportPriceFields } from './transportPrice.record';

const t = texts.transportPrices;
const span = { xs: 24, sm: 12 };

/** Yuan with at most two decimals (the money rule of business section 5). */
const moneyRule = checkRule((v) => (isMoney(v.trim()) ? null : MONEY_MESSAGE));
const positiveRule = checkRule((v) => (Number(v) > 0 ? null : t.pricePositive));

/** The items of 新增运价 / 编辑运价 / 查看运价: customer and line pickers, amounts in yuan. */
export function TransportPriceFormItems({
  form,
  row,
}: RecordFormProps<TransportPriceFields, TransportPrice>) {
  const priceType = Form.useWatch('priceType', form) ?? 1;
  return (
    <Row gutter={16}>
      <CustomerLineItems labels={t} row={row} span={span} />
      <Col {...span}>
        <Form.Item name="cargo" label={t.cargo} rules={[maxRule(30)]}>
          <Input maxLength={30} placeholder={t.cargoPlaceholder} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="priceType"
          label={t.priceType}
          rules={[{ required: true, message: t.required.priceType }]}
        >
          <Radio.Group options={PRICE_TYPES.map((p) => ({ value: p.value, label: p.label }))} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="priceYuan"
          label={t.priceUnit(PRICE_UNITS[priceType] ?? '元')}
          rules={[{ required: true, whitespace: true, message: t.required.price }, moneyRule, positiveRule]}
        >
          <Input placeholder={t.yuanPlaceholder} suffix={PRICE_UNITS[priceType]} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="settleWeight"
          label={t.settleWeight}
          rules={[{ required: true, message: t.required.settleWeight }]}
        >
          <Select options={SETTLE_WEIGHTS.map((w) => ({ value: w.value, label: w.label }))} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="allowedLossPermille"
          label={t.allowedLoss}
          tooltip={t.allowedLossTip}
          rules={[{ type: 'integer', min: 0, max: 1000, message: t.allowedLossRule }]}
        >
          <InputNumber min={0} max={1000} precision={0} addonAfter="‰" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="deductionYuan" label={t.deduction} rules={[moneyRule]}>
          <Input placeholder={t.yuanPlaceholder} suffix={t.deductionUnit} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="period" label={t.period} rules={[{ required: true, message: t.required.period }]}>
          <DatePicker.RangePicker placeholder={[t.startDate, t.endDate]} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <TeamRemarkItems labels={t} span={span} />
    </Row>
  );
}
