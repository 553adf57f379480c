import { Form, Input, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { addTerminal, type Terminal, type TerminalFields, updateTerminal } from '../../api/terminals';
import { type DialogStatus, FormDialog, TeamTreeSelect } from '../../kit';
import { texts } from '../../locales';
import { checkRule } from '../system/formRules';
import { alphanumericError } from '../trucks/truckForm';

const t = texts.terminals;

/** The terminal phone number: 11 to 20 digits. */
export function tidError(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return t.tidRequired;
  return /^\d{11,20}$/.test(text) ? null : t.tidRule;
}

export interface TerminalDialogProps {
  status: DialogStatus;
  terminal?: Terminal;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增终端 / 编辑终端. */
export function TerminalDialog({ status, terminal, onClose, onSaved }: TerminalDialogProps) {
  const [form] = Form.useForm<TerminalFields>();
  const initialValues = useMemo<Partial<TerminalFields>>(
    () =>
      terminal
        ? {
            tid: terminal.tid,
            terminalNo: terminal.terminalNo,
            model: terminal.model,
            manufacturer: terminal.manufacturer,
            protocolVersion: terminal.protocolVersion,
            simNo: terminal.simNo,
            videoChannels: terminal.videoChannels,
            teamCode: terminal.teamCode,
            remark: terminal.remark,
          }
        : { protocolVersion: '2013', videoChannels: 0 },
    [terminal],
  );
  const bound = Boolean(terminal?.truckId);
  const submit = (values: TerminalFields) =>
    terminal ? updateTerminal({ ...values, id: terminal.id }) : addTerminal(values);

  return (
    <FormDialog<TerminalFields>
      open
      status={status}
      form={form}
      entityName={t.entity}
      width={640}
      initialValues={initialValues}
      onSubmit={submit}
      onSaved={onSaved}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
