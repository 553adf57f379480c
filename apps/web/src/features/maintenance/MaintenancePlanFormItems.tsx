import { MAINTENANCE_TARGETS } from '@fleet/domain';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row } from 'antd';
import dayjs from 'dayjs';
import type { RecordFormProps } from '../../kit';
import { maxRule, requiredRule } from '../../kit/formRules';
import { TeamRemarkItems } from '../../kit/record/TeamRemarkItems';
import { texts } from '../../locales';
import type { MaintenancePlan, MaintenancePlanFields } from './maintenancePlan.record';
import { TruckPicker } from './TruckPicker';

const t = texts.maintenance;
const span = { xs: 24, sm: 12 };

/** The items of 新增/编辑/查看保养计划: one truck or a brand and series, intervals, last service. */
export function MaintenancePlanFormItems({
  form,
  row,
}: RecordFormProps<MaintenancePlanFields, MaintenancePlan>) {
  const targetType = Form.useWatch('targetType', form) ?? 1;
  const intervalKm = Form.useWatch('intervalKm', form);
  const intervalMonths = Form.useWatch('intervalMonths', form);
  const truckPlan = targetType === 1;
  const oneInterval = {
    validator: () =>
      form.getFieldValue('intervalKm') || form.getFieldValue('intervalMonths')
        ? Promise.resolve()
        : Promise.reject(new Error(t.intervalRequired)),
  };
  return (
    <Row gutter={16}>
      <Col {...span}>
        <Form.Item
          name="planName"
          label={t.planName}
          rules={[requiredRule(t.required.planName), maxRule(30)]}
        >
          <Input maxLength={30} placeholder={t.planNamePlaceholder} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="targetType"
          label={t.targetType}
          rules={[{ required: true, message: t.required.targetType }]}
        >
          <Radio.Group options={MAINTENANCE_TARGETS.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
      </Col>
      {truckPlan ? (
        <Col {...span}>
          <Form.Item name="truckId" label={t.truck} rules={[{ required: true, message: t.required.truck }]}>
            <TruckPicker carNo={row?.carNo} width="100%" />
          </Form.Item>
        </Col>
      ) : (
        <>
          <Col {...span}>
            <Form.Item name="brand" label={t.brand} rules={[requiredRule(t.required.brand), maxRule(30)]}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col {...span}>
            <Form.Item name="series" label={t.series} rules={[maxRule(30)]}>
              <Input maxLength={30} placeholder={t.seriesPlaceholder} />
            </Form.Item>
          </Col>
        </>
      )}
      <Col {...span}>
        <Form.Item
          name="intervalKm"
          label={t.intervalKm}
          rules={[oneInterval]}
          dependencies={['intervalMonths']}
        >
          <InputNumber min={1} max={1_000_000} precision={0} suffix={t.km} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="intervalMonths" label={t.intervalMonths} dependencies={['intervalKm']}>
          <InputNumber min={1} max={120} precision={0} suffix={t.months} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="lastDate"
          label={t.lastDate}
          rules={truckPlan && intervalMonths ? [{ required: true, message: t.required.lastDate }] : []}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item
          name="lastKm"
          label={t.lastKm}
          rules={truckPlan && intervalKm ? [{ required: true, message: t.required.lastKm }] : []}
        >
          <InputNumber min={0} max={9_999_999} precision={0} suffix={t.km} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="remindKm" label={t.remindKm}>
          <InputNumber min={0} max={100_000} precision={0} suffix={t.km} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="remindDays" label={t.remindDays}>
          <InputNumber min={0} max={365} precision={0} suffix={t.days} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="items" label={t.items} rules={[maxRule(200)]}>
          <Input maxLength={200} placeholder={t.itemsPlaceholder} />
        </Form.Item>
      </Col>
      <TeamRemarkItems labels={t} span={span} />
    </Row>
  );
}
