import { Col, Form, Input, Row } from 'antd';
import { CustomerSelect, LineSelect, type RecordFormProps, TeamTreeSelect } from '../../kit';
import { maxRule } from '../../kit/formRules';
import { texts } from '../../locales';
import type { ScanCode, ScanCodeFields } from './scanCode.record';

const t = texts.scanCodes;
const span = { xs: 24, sm: 12 };

/** The items of 新增 / 编辑 / 查看扫码运单码: customer and line pickers, cargo, team, remark. */
export function ScanCodeFormItems({ row }: RecordFormProps<ScanCodeFields, ScanCode>) {
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
        <Form.Item name="cargo" label={t.cargo} rules={[maxRule(30)]}>
          <Input maxLength={30} placeholder={t.cargoPlaceholder} />
        </Form.Item>
      </Col>
      <Col {...span}>
        <Form.Item name="teamCode" label={t.team}>
          <TeamTreeSelect />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remark" label={t.remark} rules={[maxRule(200)]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Col>
    </Row>
  );
}
