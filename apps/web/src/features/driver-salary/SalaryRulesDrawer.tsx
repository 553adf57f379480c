import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Drawer, Form, Input, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { LineSelect } from '../../kit';
import { texts } from '../../locales';
import { fetchSalaryConfig, type SalaryConfig, type SalaryLineRule, saveSalaryConfig } from './api';

const t = texts.driverSalary;
const MONEY = /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/;
const FUEL = /^\d{1,3}(\.\d)?$/;

const money = (required: boolean) => [
  ...(required ? [{ required: true, message: t.moneyRule }] : []),
  { pattern: MONEY, message: t.moneyRule },
];

interface FormValues extends Omit<SalaryConfig, 'saved' | 'updatedByName' | 'updateTime' | 'lineRules'> {
  lineRules: { lineId?: number; perTonKm?: string; fuelTarget?: string }[];
}

const MONEY_ITEMS: { name: keyof FormValues; label: string; help?: string }[] = [
  { name: 'perTrip', label: t.perTrip },
  { name: 'perTon', label: t.perTon },
  { name: 'perTonKm', label: t.perTonKm },
  { name: 'basePay', label: t.basePay },
  { name: 'allowance', label: t.allowance },
  { name: 'latePenalty', label: t.latePenalty, help: t.latePenaltyHelp },
  { name: 'fuelBonus', label: t.fuelBonus, help: t.fuelBonusHelp },
];

/** 工资规则: the merchant's salary rules, opened from 司机工资汇总. */
export function SalaryRulesDrawer({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [config, setConfig] = useState<SalaryConfig | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setConfig(null);
    void fetchSalaryConfig().then((c) => {
      setConfig(c);
      form.setFieldsValue({
        ...c,
        lineRules: c.lineRules.map((r) => ({
          lineId: r.lineId,
          perTonKm: r.perTonKm,
          fuelTarget: r.fuelTarget,
        })),
      });
    });
  }, [open, form]);

  const names = new Map<number, SalaryLineRule>((config?.lineRules ?? []).map((r) => [r.lineId, r]));

  const save = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    setSaving(true);
    try {
      const saved = await saveSalaryConfig({
        ...values,
        lineRules: (values.lineRules ?? []).map((r) => ({
          lineId: r.lineId,
          perTonKm: r.perTonKm || undefined,
          fuelTarget: r.fuelTarget || undefined,
        })),
      });
      setConfig(saved);
      void message.success(t.saved);
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={t.rulesTitle}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t.save}
          </Button>
        </Space>
      }
    >
      {!config ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" name="salary-rules">
          <Alert type="info" showIcon title={t.rulesHelp} style={{ marginBottom: 16 }} />
          <Row gutter={16}>
            {MONEY_ITEMS.map((item) => (
              <Col span={12} key={item.name}>
                <Form.Item name={item.name} label={item.label} tooltip={item.help} rules={money(true)}>
                  <Input />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Typography.Title level={5}>{t.lineRules}</Typography.Title>
          <Form.List name="lineRules">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => {
                  const lineId = form.getFieldValue(['lineRules', field.name, 'lineId']) as
                    | number
                    | undefined;
                  const known = lineId === undefined ? undefined : names.get(lineId);
                  return (
                    <Row gutter={8} key={field.key} align="top">
                      <Col span={10}>
                        <Form.Item
                          name={[field.name, 'lineId']}
                          label={t.lineRule}
                          rules={[{ required: true, message: t.lineRequired }]}
                        >
                          <LineSelect
                            placeholder={t.linePlaceholder}
                            selected={known ? { value: known.lineId, label: known.lineName } : undefined}
                          />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item name={[field.name, 'perTonKm']} label={t.lineTonKm} rules={money(false)}>
                          <Input placeholder={t.lineTonKmPlaceholder} />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item
                          name={[field.name, 'fuelTarget']}
                          label={t.fuelTarget}
                          rules={[{ pattern: FUEL, message: t.fuelRule }]}
                        >
                          <Input placeholder={t.fuelTargetPlaceholder} />
                        </Form.Item>
                      </Col>
                      <Col span={2}>
                        <Form.Item label=" ">
                          <Button
                            icon={<DeleteOutlined />}
                            aria-label={t.remove}
                            onClick={() => remove(field.name)}
                          />
                        </Form.Item>
                      </Col>
                    </Row>
                  );
                })}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block>
                  {t.addLine}
                </Button>
              </>
            )}
          </Form.List>
          {config.updateTime && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
              {t.updatedBy(config.updatedByName, config.updateTime)}
            </Typography.Paragraph>
          )}
        </Form>
      )}
    </Drawer>
  );
}
