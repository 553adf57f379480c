import { isMoney, MONEY_MESSAGE, SALARY_SETTLE_TYPES } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Row, Select, Spin } from 'antd';
import { useState } from 'react';
import { type DriverSalaryFields, fetchDriverSalary, saveDriverSalary } from '../../api/drivers';
import { checkRule, maxRule } from '../../kit/formRules';
import { texts } from '../../locales';

const t = texts.drivers.salary;
const moneyRule = checkRule((v) => (isMoney(v) ? null : MONEY_MESSAGE));
const col = { xs: 24, md: 12, xl: 8 };

/** 工资信息 of a driver on the edit page: settlement, base pay, unit price, deductions, bank account. */
export function SalaryCard({ driverId }: { driverId: number }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DriverSalaryFields>();
  const [saving, setSaving] = useState(false);
  const salary = useQuery({
    queryKey: ['drivers', 'salary', driverId],
    queryFn: () => fetchDriverSalary(driverId),
  });
  const settleType = Form.useWatch('settleType', form);

  const save = async () => {
    let values: DriverSalaryFields;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await saveDriverSalary({ ...values, driverId });
      if (answer.code === 200) {
        void message.success(t.saved);
        void salary.refetch();
      }
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" title={texts.drivers.salarySection} style={{ marginTop: 12 }}>
      {salary.isLoading || !salary.data ? (
        <Spin />
      ) : (
        <Form<DriverSalaryFields>
          form={form}
          name="salary"
          layout="vertical"
          initialValues={{
            settleType: salary.data.settleType ?? undefined,
            baseSalary: salary.data.baseSalary,
            unitPrice: salary.data.unitPrice,
            deduction: salary.data.deduction,
            bankName: salary.data.bankName,
            bankAccount: salary.data.bankAccount,
            accountName: salary.data.accountName,
            remark: salary.data.remark,
          }}
        >
          <Row gutter={24}>
            <Col {...col}>
              <Form.Item
                name="settleType"
                label={t.settleType}
                rules={[{ required: true, message: t.settleTypeRequired }]}
              >
                <Select options={SALARY_SETTLE_TYPES.map((s) => ({ value: s.value, label: s.label }))} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="baseSalary" label={t.baseSalary} rules={[moneyRule]}>
                <Input maxLength={11} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="unitPrice" label={t.unitPrice} rules={[moneyRule]}>
                <Input maxLength={11} suffix={settleType ? t.unitPriceHint[settleType - 1] : undefined} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="deduction" label={t.deduction} rules={[moneyRule]}>
                <Input maxLength={11} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="bankName" label={t.bankName} rules={[maxRule(50)]}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item
                name="bankAccount"
                label={t.bankAccount}
                rules={[
                  checkRule((v) => (/^\d{8,30}$/.test(v.replace(/\s/g, '')) ? null : t.bankAccountRule)),
                ]}
              >
                <Input maxLength={36} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="accountName" label={t.accountName} rules={[maxRule(30)]}>
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="remark" label={t.remark} rules={[maxRule(200)]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t.save}
          </Button>
        </Form>
      )}
    </Card>
  );
}
