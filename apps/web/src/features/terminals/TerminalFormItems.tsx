import { Form, Input, InputNumber, Select } from 'antd';
import { type RecordFormProps, TeamTreeSelect } from '../../kit';
import { texts } from '../../locales';
import { checkRule } from '../system/formRules';
import { alphanumericError } from '../trucks/truckForm';
import type { Terminal, TerminalFields } from './terminal.record';

const t = texts.terminals;

/** The terminal phone number: 11 to 20 digits. */
export function tidError(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return t.tidRequired;
  return /^\d{11,20}$/.test(text) ? null : t.tidRule;
}

/** The items of 新增终端 / 编辑终端; a bound terminal's team follows its truck. */
export function TerminalFormItems({ row }: RecordFormProps<TerminalFields, Terminal>) {
  const bound = Boolean(row?.truckId);
  return (
    <>
      <Form.Item name="tid" label={t.tid} required rules={[checkRule(tidError)]}>
        <Input maxLength={20} placeholder={t.tidPlaceholder} />
      </Form.Item>
      <Form.Item name="terminalNo" label={t.terminalNo} rules={[checkRule(alphanumericError)]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="model" label={t.model}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="manufacturer" label={t.manufacturer}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="protocolVersion" label={t.protocolVersion}>
        <Select
          options={[
            { value: '2013', label: 'JT/T 808-2013' },
            { value: '2019', label: 'JT/T 808-2019' },
          ]}
        />
      </Form.Item>
      <Form.Item name="simNo" label={t.simNo} rules={[checkRule(alphanumericError)]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="videoChannels" label={t.videoChannels}>
        <InputNumber min={0} max={16} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="teamCode"
        label={t.team}
        rules={[{ required: true, message: t.teamRequired }]}
        extra={bound ? t.teamFollowsTruck : undefined}
      >
        <TeamTreeSelect disabled={bound} />
      </Form.Item>
      <Form.Item name="remark" label={t.remark} rules={[{ max: 200 }]}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}
