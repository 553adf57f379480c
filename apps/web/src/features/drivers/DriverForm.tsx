import { DICTIONARIES, DRIVER_STATUSES } from '@fleet/domain';
import { App, Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import type { Envelope } from '../../api/request';
import { ImageUploader, type ImageUploaderHandle, pendingUploadMessage, TeamTreeSelect } from '../../kit';
import { idCardRule, maxRule, nameRule, phoneRule, requiredRule } from '../../kit/formRules';
import { texts } from '../../locales';
import { DateField } from './DateField';
import type { DriverFields } from './driver.record';

const t = texts.drivers;

export const LICENSE_OPTIONS = DICTIONARIES.QUASI_DRIVING_MODEL.map((e) => ({
  value: e.code,
  label: e.name,
}));

export interface DriverFormProps {
  initialValues: Partial<DriverFields>;
  /** Saves the values; the envelope's code 200 counts as saved. */
  onSubmit: (values: DriverFields) => Promise<Envelope<unknown>>;
  onSaved: () => void;
  onBack: () => void;
}

const col = { xs: 24, md: 12, xl: 8 };

/** The driver form of /driver-manage/add and /edit: base data, licences, photos. */
export function DriverForm({ initialValues, onSubmit, onSaved, onBack }: DriverFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DriverFields>();
  const uploader = useRef<ImageUploaderHandle>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: DriverFields;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const pending = pendingUploadMessage(uploader.current);
    if (pending) {
      void message.warning(pending);
      return;
    }
    setSaving(true);
    try {
      const answer = await onSubmit({ ...values, idCard: values.idCard?.trim().toUpperCase() });
      if (answer.code === 200) onSaved();
      else if (answer.msg) void message.error(answer.msg);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<DriverFields>
      form={form}
      name="driver"
      layout="vertical"
      initialValues={{ status: 1, ...initialValues }}
    >
      <Card size="small" title={t.baseSection} style={{ marginBottom: 12 }}>
        <Row gutter={24}>
          <Col {...col}>
            <Form.Item
              name="driverName"
              label={t.driverName}
              rules={[requiredRule(t.required.driverName), nameRule]}
            >
              <Input maxLength={30} placeholder={t.driverNamePlaceholder} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name="driverPhone"
              label={t.driverPhone}
              rules={[requiredRule(t.required.driverPhone), phoneRule]}
            >
              <Input maxLength={11} placeholder={t.driverPhonePlaceholder} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="idCard" label={t.idCard} rules={[idCardRule]}>
              <Input maxLength={18} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="teamCode" label={t.team} rules={[{ required: true, message: t.required.team }]}>
              <TeamTreeSelect />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="status" label={t.status}>
              <Select options={DRIVER_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="remark" label={t.remark} rules={[maxRule(200)]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t.licenseSection} style={{ marginBottom: 12 }}>
        <Row gutter={24}>
          <Col {...col}>
            <Form.Item name="licenseClass" label={t.licenseClass}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={LICENSE_OPTIONS}
                placeholder={texts.kit.common.pleaseSelect}
              />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="licenseExpiry" label={t.licenseExpiry}>
              <DateField />
            </Form.Item>
          </Col>
          <Col {...col} />
          <Col {...col}>
            <Form.Item name="qualificationNo" label={t.qualificationNo} rules={[maxRule(30)]}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name="qualificationExpiry" label={t.qualificationExpiry}>
              <DateField />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={t.photoSection} style={{ marginBottom: 12 }}>
        <Form.Item name="photos" extra={t.photosHint} style={{ marginBottom: 0 }}>
          <ImageUploader ref={uploader} valueFormat="string" maxFiles={9} maxSizeMb={5} />
        </Form.Item>
      </Card>
      <Space>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          {t.save}
        </Button>
        <Button onClick={onBack}>{t.back}</Button>
      </Space>
    </Form>
  );
}
