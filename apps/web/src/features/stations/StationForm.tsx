import { isNameText, type LngLat, STATION_KINDS } from '@fleet/domain';
import { Button, Form, type FormInstance, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { TeamTreeSelect } from '../../kit';
import { texts } from '../../locales';
import { AddressPicker, type PickedAddress } from '../../map';
import { clampRadius } from './FenceEditLayers';

const t = texts.stations;

export interface StationFormValues {
  name: string;
  type: number;
  teamCode?: string;
  address?: string;
  province?: string;
  city?: string;
  district?: string;
  remark?: string;
}

export function useStationForm(): FormInstance<StationFormValues> {
  return Form.useForm<StationFormValues>()[0];
}

/** The station's own fields, and the fence's radius or vertex tools. */
export function StationForm({
  form,
  fenceType,
  radius,
  onRadius,
  points,
  onClearPoints,
  onUndoPoint,
  onPicked,
}: {
  form: FormInstance<StationFormValues>;
  fenceType: 'circle' | 'polygon';
  radius: number;
  onRadius: (meters: number) => void;
  points: LngLat[];
  onClearPoints: () => void;
  onUndoPoint: () => void;
  onPicked: (place: PickedAddress) => void;
}) {
  const [picking, setPicking] = useState(false);

  return (
    <Form<StationFormValues> form={form} layout="vertical" initialValues={{ type: 1 }} requiredMark>
      <Form.Item
        name="name"
        label={t.name}
        rules={[
          { required: true, message: t.namePlaceholder },
          {
            validator: async (_, value?: string) => {
              if (value && !isNameText(value.trim())) throw new Error(t.nameRule);
            },
          },
        ]}
      >
        <Input placeholder={t.namePlaceholder} maxLength={30} />
      </Form.Item>
      <Form.Item name="type" label={t.type} rules={[{ required: true, message: t.typeRequired }]}>
        <Select options={STATION_KINDS.map((k) => ({ value: k.value, label: k.label }))} />
      </Form.Item>
      <Form.Item name="teamCode" label={t.team}>
        <TeamTreeSelect />
      </Form.Item>
      <Form.Item label={t.address}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="address" noStyle>
            <Input placeholder={t.address} maxLength={200} />
          </Form.Item>
          <Button onClick={() => setPicking(true)}>{t.pickAddress}</Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="province" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="city" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="district" hidden>
        <Input />
      </Form.Item>
      {fenceType === 'circle' ? (
        <Form.Item label={t.radius} extra={t.radiusHint} required>
          <InputNumber
            aria-label={t.radius}
            min={50}
            max={5000}
            step={50}
            precision={0}
            value={radius}
            addonAfter={t.radiusUnit}
            onChange={(value) => {
              if (typeof value === 'number') onRadius(clampRadius(value));
            }}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ) : (
        <Form.Item label={t.vertices} required>
          <Space>
            <span data-testid="vertex-count">{t.vertexCount(points.length)}</span>
            <Button size="small" onClick={onUndoPoint} disabled={points.length === 0}>
              {t.undo}
            </Button>
            <Button size="small" danger onClick={onClearPoints} disabled={points.length === 0}>
              {t.clear}
            </Button>
          </Space>
        </Form.Item>
      )}
      <Form.Item name="remark" label={t.remark}>
        <Input.TextArea rows={2} maxLength={200} placeholder={t.remarkPlaceholder} />
      </Form.Item>
      <AddressPicker
        open={picking}
        value={null}
        onCancel={() => setPicking(false)}
        onSave={(place) => {
          setPicking(false);
          form.setFieldsValue({
            address: place.address || place.name,
            province: place.province,
            city: place.city,
            district: place.district,
          });
          onPicked(place);
        }}
      />
    </Form>
  );
}
