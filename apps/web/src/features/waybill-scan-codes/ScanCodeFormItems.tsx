import { Col, Form, Input, Row } from 'antd';
import { CustomerLineItems, type RecordFormProps } from '../../kit';
import { maxRule } from '../../kit/formRules';
import { TeamRemarkItems } from '../../kit/record/TeamRemarkItems';
import { texts } from '../../locales';
import type { ScanCode, ScanCodeFields } from './scanCode.record';

const t = texts.scanCodes;
const span = { xs: 24, sm: 12 };

/** The items of 新增 / 编辑 / 查看扫码运单码: customer and line pickers, cargo, team, remark. */
export function ScanCodeFormItems({ row }: RecordFormProps<ScanCodeFields, ScanCode>) {
  return (
    <Row gutter={16}>
      <CustomerLineItems labels={t} row={row} span={span} />
      <Col {...span}>
        <Form.Item name="cargo" label={t.cargo} rules={[maxRule(30)]}>
          <Input maxLength={30} placeholder={t.cargoPlaceholder} />
        </Form.Item>
      </Col>
      <TeamRemarkItems labels={t} span={span} />
    </Row>
  );
}
