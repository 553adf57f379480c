import { ALARM_HANDLE_TYPES } from '@fleet/domain';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import type { Handling } from '../../api/alarms';
import { texts } from '../../locales';

const t = texts.alarms;
const d = t.handleDialog;

interface Values {
  handleStatus: 1 | 2;
  handleType?: number;
  remark?: string;
}

export interface HandleDialogProps {
  /** The alarms to handle; the dialog is shown while there are some. */
  ids: readonly number[];
  /** What they hold now (one alarm: its handling, to edit). */
  initial?: Partial<Values>;
  /** Sends the handling (the page's own call). */
  onSubmit: (ids: readonly number[], handling: Handling) => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
}

/** 处理报警: handled (with a way) or ignored, and a remark; one alarm or a batch. */
export function HandleDialog({ ids, initial, onSubmit, onDone, onClose }: HandleDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const status = Form.useWatch('handleStatus', form);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(ids, {
        handleStatus: values.handleStatus,
        handleType: values.handleStatus === 1 ? values.handleType : undefined,
        remark: values.remark?.trim() || undefined,
      });
      void message.success(d.done);
      onDone();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={ids.length > 0}
      title={ids.length > 1 ? d.batchTitle(ids.length) : d.title}
      width={520}
      confirmLoading={saving}
      okText={texts.kit.common.ok}
      cancelText={texts.kit.common.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="alarmHandle"
        preserve={false}
        initialValues={{ handleStatus: 1, ...initial }}
      >
        <Form.Item name="handleStatus" label={d.result} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 1, label: d.handled },
              { value: 2, label: d.ignored },
            ]}
          />
        </Form.Item>
        {status !== 2 && (
          <Form.Item
            name="handleType"
            label={t.handleType}
            rules={[{ required: true, message: d.typeRequired }]}
          >
            <Select
              placeholder={d.typeRequired}
              options={ALARM_HANDLE_TYPES.map((type) => ({ value: type.value, label: type.label }))}
            />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t.handleRemark} rules={[{ max: 200, message: d.remarkMax }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={d.remarkPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
