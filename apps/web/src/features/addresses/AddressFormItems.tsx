import { EnvironmentOutlined } from '@ant-design/icons';
import { ADDRESS_TYPES } from '@fleet/domain';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { type RecordFormProps, TeamTreeSelect } from '../../kit';
import { maxRule, nameRule, requiredRule } from '../../kit/formRules';
import { ContactFormItems } from '../../kit/record/ContactFormItems';
import { texts } from '../../locales';
import { AddressPicker } from '../../map';
import type { AddressFields } from './address.record';

const t = texts.addresses;

/** The items of 新增常用地址 / 编辑常用地址: the place is picked on the map (keyword search or a click). */
export function AddressFormItems({ form }: RecordFormProps<AddressFields>) {
  const [picking, setPicking] = useState(false);
  const lng = Form.useWatch('lng', form);
  const lat = Form.useWatch('lat', form);
  const name = Form.useWatch('name', form);
  const picked = typeof lng === 'number' && typeof lat === 'number';

  return (
    <>
      <Form.Item name="name" label={t.name} rules={[requiredRule(t.required.name), nameRule]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item label={t.location} required>
        <Space>
          <Button icon={<EnvironmentOutlined />} onClick={() => setPicking(true)}>
            {picked ? t.repick : t.pickOnMap}
          </Button>
          <Typography.Text type={picked ? undefined : 'secondary'} data-testid="picked-coordinates">
            {picked ? `${lng.toFixed(6)}, ${lat.toFixed(6)}` : t.notPicked}
          </Typography.Text>
        </Space>
        <Form.Item name="lng" noStyle rules={[{ required: true, message: t.pickRequired }]}>
          <Input type="hidden" />
        </Form.Item>
        <Form.Item name="lat" noStyle>
          <Input type="hidden" />
        </Form.Item>
      </Form.Item>
      <Form.Item name="address" label={t.address} rules={[requiredRule(t.required.address), maxRule(100)]}>
        <Input.TextArea maxLength={100} rows={2} />
      </Form.Item>
      <Form.Item
        name="addressType"
        label={t.addressType}
        rules={[{ required: true, message: t.required.addressType }]}
      >
        <Select options={ADDRESS_TYPES.map((a) => ({ value: a.value, label: a.label }))} />
      </Form.Item>
      <ContactFormItems labels={t} />
      <Form.Item name="teamCode" label={t.team} rules={[{ required: true, message: t.required.team }]}>
        <TeamTreeSelect />
      </Form.Item>
      <Form.Item name="remark" label={t.remark} rules={[maxRule(200)]}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
      <AddressPicker
        open={picking}
        value={picked ? { lng, lat, name } : null}
        onCancel={() => setPicking(false)}
        onSave={(place) => {
          form.setFieldsValue({
            lng: place.lng,
            lat: place.lat,
            address: place.address.slice(0, 100),
            ...(form.getFieldValue('name')
              ? {}
              : { name: place.name.replace(/[^\u4e00-\u9fa5A-Za-z0-9()（）]/g, '').slice(0, 30) }),
          });
          void form.validateFields(['lng']).catch(() => undefined);
          setPicking(false);
        }}
      />
    </>
  );
}
