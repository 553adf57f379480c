import { Col, type ColProps, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { maxRule } from '../formRules';
import { TeamTreeSelect } from '../pickers/TeamTreeSelect';

/**
 * The 所属车队 item (a column of `span`) and the 备注 item (a whole row, 200 characters) that end
 * the form of most business records.
 */
export function TeamRemarkItems({
  labels,
  span,
  teamExtra,
}: {
  labels: { team: string; remark: string };
  span: ColProps;
  /** Help under the team, e.g. that the truck's team is taken when none is chosen. */
  teamExtra?: ReactNode;
}) {
  return (
    <>
      <Col {...span}>
        <Form.Item name="teamCode" label={labels.team} extra={teamExtra}>
          <TeamTreeSelect />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remark" label={labels.remark} rules={[maxRule(200)]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Col>
    </>
  );
}
