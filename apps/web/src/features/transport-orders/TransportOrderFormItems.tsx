import { ORDER_QUANTITY_UNITS } from '@fleet/domain';
import { Col, DatePicker, Form, Input, Radio, Row } from 'antd';
import { CustomerSelect, LineSelect, type RecordFormProps } from '../../kit';
import { checkRule, maxRule } from '../../kit/formRules';
import { TeamRemarkItems } from '../../kit/record/TeamRemarkItems';
import { texts } from '../../locales';
import { OrderProgressText } from './OrderProgress';
import type { TransportOrder, TransportOrderFields } from './transportOrder.record';

const t = texts.transportOrders;
const span = { xs: 24, sm: 12 };

const TONS = /^\d{1,7}(\.\d{1,3})?$/;
const TRUCKS = /^\d{1,7}$/;

/** The items of 新增运输订单 / 编辑运输订单 / 查看运输订单; the preview shows the progress too. */
export function TransportOrderFormItems({
  form,
  row,
  status,
}: RecordFormProps<TransportOrderFields, TransportOrder>) {
  const unit = Form.useWatch('quantityUnit', form) ?? 1;
  const quantityRule = checkRule((v) => {
    const text = v.trim();
    const ok = (unit === 1 ? TONS : TRUCKS).test(text) && Number(text) > 0;
    return ok ? null : t.quantityRule;
  });
  return (
    <Row gutter={16}>
      <Col {...span}>
        <Form.Item
          name="customerId"
          label={t.customer}
          rules={[{ required: true, message: t.required.customer }]}
        >
          <CustomerSelect
            selected={row ? { value: row.customerId, label: row.customerName } : undefined}
            placeholder={t.customerPlaceholder}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="lineId" label={t.line} rules={[{ required: true, message: t.required.line }]}>
          <LineSelect
            selected={row ? { value: row.lineId, label: row.lineName } : undefined}
            placeholder={t.linePlaceholder}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="cargo"
          label={t.cargo}
          rules={[{ required: true, whitespace: true, message: t.required.cargo }, maxRule(30)]}
        >
          <Input maxLength={30} placeholder={t.cargoPlaceholder} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="quantityUnit" label={t.quantityUnit} rules={[{ required: true }]}>
          <Radio.Group options={ORDER_QUANTITY_UNITS.map((u) => ({ value: u.value, label: u.label }))} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="quantity"
          label={t.quantity}
          dependencies={['quantityUnit']}
          rules={[{ required: true, whitespace: true, message: t.required.quantity }, quantityRule]}
        >
          <Input
            placeholder={unit === 1 ? t.quantityTons : t.quantityTrucks}
            suffix={unit === 1 ? '吨' : '车'}
          />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="window" label={t.window} rules={[{ required: true, message: t.required.window }]}>
          <DatePicker.RangePicker
            showTime
            format="YYYY-MM-DD HH:mm"
            placeholder={[t.startTime, t.endTime]}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <TeamRemarkItems labels={t} span={span} />
      {row && status === 'preview' ? (
        <>
          <Col {...span}>
            <Form.Item label={t.orderNo}>{row.orderNo}</Form.Item>
          </Col>
          <Col {...span}>
            <Form.Item label={t.status}>{row.statusName}</Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t.progress}>
              <OrderProgressText order={row} />
            </Form.Item>
          </Col>
        </>
      ) : null}
    </Row>
  );
}
