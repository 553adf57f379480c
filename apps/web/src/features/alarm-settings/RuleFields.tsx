import { ALARM_RULE_FIELDS, ALARM_RULES, type AlarmRuleKey } from '@fleet/domain';
import { Checkbox, Flex, Form, type FormInstance, InputNumber, Select, Switch, Typography } from 'antd';
import { texts } from '../../locales';
import { RULE_FIELDS } from './rules';

const t = texts.alarmSettings;

export interface RuleFieldsProps {
  form: FormInstance;
  lines: readonly { id: number; name: string }[];
  /** Shows 沿用车队 per rule (the vehicle dialog); a rule that inherits cannot be edited. */
  inheritable?: boolean;
  /** Called when a rule is switched back to 沿用车队 (to show the team's values again). */
  onInherit?: (key: AlarmRuleKey) => void;
}

/**
 * The rules of 车辆报警设置 as form rows: name, 启用, thresholds with their units. Values live under
 * `rules.<rule>.<field>`; with `inheritable`, `inherit.<rule>` says the vehicle takes the team's rule.
 */
export function RuleFields({ form, lines, inheritable, onInherit }: RuleFieldsProps) {
  const inherit = Form.useWatch('inherit', form) as Partial<Record<AlarmRuleKey, boolean>> | undefined;
  return (
    <Flex vertical gap={4}>
      {ALARM_RULES.map((rule) => {
        const locked = inheritable === true && inherit?.[rule.key] === true;
        return (
          <Flex key={rule.key} align="center" gap={12} wrap data-rule={rule.key}>
            <Typography.Text strong style={{ width: 96 }}>
              {rule.name}
            </Typography.Text>
            {inheritable && (
              <Form.Item name={['inherit', rule.key]} valuePropName="checked" noStyle>
                <Checkbox
                  onChange={(e) => {
                    if (e.target.checked) onInherit?.(rule.key);
                  }}
                >
                  {t.inherit}
                </Checkbox>
              </Form.Item>
            )}
            <Form.Item name={['rules', rule.key, 'enabled']} valuePropName="checked" noStyle>
              <Switch checkedChildren={t.enabled} unCheckedChildren={t.off} disabled={locked} />
            </Form.Item>
            {RULE_FIELDS[rule.key].map((field) =>
              field === 'lineId' ? (
                <Form.Item key={field} name={['rules', rule.key, field]} noStyle>
                  <Select
                    style={{ width: 180 }}
                    disabled={locked}
                    placeholder={t.linePlaceholder}
                    options={[
                      { value: null, label: t.noLine },
                      ...lines.map((l) => ({ value: l.id, label: l.name })),
                    ]}
                  />
                </Form.Item>
              ) : (
                <Flex key={field} align="center" gap={4}>
                  <Typography.Text type="secondary">{ALARM_RULE_FIELDS[field].name}</Typography.Text>
                  <Form.Item
                    name={['rules', rule.key, field]}
                    noStyle
                    rules={[{ required: true, message: `请输入${ALARM_RULE_FIELDS[field].name}` }]}
                  >
                    <InputNumber
                      aria-label={`${rule.name}${ALARM_RULE_FIELDS[field].name}`}
                      min={ALARM_RULE_FIELDS[field].min}
                      max={ALARM_RULE_FIELDS[field].max}
                      precision={0}
                      disabled={locked}
                      style={{ width: 96 }}
                    />
                  </Form.Item>
                  <Typography.Text type="secondary">{ALARM_RULE_FIELDS[field].unit}</Typography.Text>
                </Flex>
              ),
            )}
          </Flex>
        );
      })}
      <Typography.Text type="secondary">{t.truckLimitNote}</Typography.Text>
    </Flex>
  );
}
