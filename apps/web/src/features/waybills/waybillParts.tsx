import {
  isMoney,
  kgToTons,
  MONEY_MESSAGE,
  netWeightKg,
  splitPictureUrls,
  tonsToKg,
  WAYBILL_STATE,
} from '@fleet/domain';
import { Col, DatePicker, Empty, Form, type FormInstance, Image, Input, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Waybill } from '../../api/waybills';
import { checkRule } from '../../kit/formRules';
import { texts } from '../../locales';

const t = texts.waybills;

const STATE_COLORS: Record<number, string> = {
  [WAYBILL_STATE.toLoad]: 'default',
  [WAYBILL_STATE.loading]: 'processing',
  [WAYBILL_STATE.inTransit]: 'blue',
  [WAYBILL_STATE.arrived]: 'cyan',
  [WAYBILL_STATE.completed]: 'success',
};

/** The waybill's state as a tag: its name, 已取消 in red for a cancelled one. */
export function WaybillStateTag({
  waybill,
}: {
  waybill: Pick<Waybill, 'status' | 'statusName' | 'cancelled'>;
}) {
  if (waybill.cancelled === 1) return <Tag color="error">{t.cancelledName}</Tag>;
  return <Tag color={STATE_COLORS[waybill.status] ?? 'default'}>{waybill.statusName || '-'}</Tag>;
}

/** Thumbnails of photos joined with ';', previewed on a click; '无图片' when none. */
export function PhotoList({ photos, size = 88 }: { photos: string | null | undefined; size?: number }) {
  const urls = splitPictureUrls(photos ?? '');
  if (urls.length === 0) return <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t.detailPage.noPhotos}</span>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {urls.map((url) => (
          <Image key={url} src={url} width={size} height={size} style={{ objectFit: 'cover' }} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

export const emptyBlock = (description: string) => (
  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />
);

/** Tons with at most three decimals, 0 to 200 t. */
export const tonsRule = checkRule((v) => {
  const kg = tonsToKg(v);
  return kg !== undefined && kg <= 200_000 ? null : t.tonsRule;
});

/** Yuan with at most two decimals, above 0. */
export const yuanRule = checkRule((v) => {
  if (!isMoney(v)) return MONEY_MESSAGE;
  return Number(v) > 0 ? null : t.amountPositive;
});

/** kg from the form's tons text (undefined while not valid). */
export const kgOf = (tons: string | undefined | null) => (tons ? tonsToKg(tons) : undefined);

/** The tons text of a weight in kg ('' when none), for a form field. */
export const tonsOf = (kg: number | null | undefined) =>
  kg === null || kg === undefined ? '' : kgToTons(kg);

/** A picker's time as the API's text. */
export const timeText = (value: Dayjs | null | undefined) =>
  value ? value.format('YYYY-MM-DD HH:mm:ss') : undefined;

/** The API's time text as a picker's value. */
export const timeValue = (text: string | null | undefined) => (text ? dayjs(text) : undefined);

export interface SlipFieldNames {
  gross: string;
  tare: string;
  time: string;
}

/**
 * Gross, tare (tons), the net computed from them, and the weighing time: the items of a
 * weighbridge slip in a form. The tare must be below the gross.
 */
export function SlipFields({
  form,
  names,
  labels,
  span = 12,
  optional = false,
}: {
  form: FormInstance;
  /** No field is required (a slip not recorded yet may stay empty). */
  optional?: boolean;
  names: SlipFieldNames;
  labels: { gross: string; tare: string; net: string; time: string };
  span?: number;
}) {
  const gross = Form.useWatch(names.gross, form) as string | undefined;
  const tare = Form.useWatch(names.tare, form) as string | undefined;
  const grossKg = kgOf(gross);
  const tareKg = kgOf(tare);
  const net = grossKg !== undefined && tareKg !== undefined ? netWeightKg(grossKg, tareKg) : undefined;
  return (
    <>
      <Col span={span}>
        <Form.Item
          name={names.gross}
          label={labels.gross}
          rules={[{ required: !optional, whitespace: true, message: t.required.gross }, tonsRule]}
        >
          <Input placeholder={t.tonsPlaceholder} suffix={t.tons} />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item
          name={names.tare}
          label={labels.tare}
          dependencies={[names.gross]}
          rules={[
            { required: !optional, whitespace: true, message: t.required.tare },
            tonsRule,
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                const g = kgOf(getFieldValue(names.gross) as string | undefined);
                const k = kgOf(value);
                if (g === undefined || k === undefined || k < g) return Promise.resolve();
                return Promise.reject(new Error(t.tareBelowGross));
              },
            }),
          ]}
        >
          <Input placeholder={t.tonsPlaceholder} suffix={t.tons} />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item label={labels.net}>
          <Input
            value={net === undefined ? '' : kgToTons(net)}
            readOnly
            suffix={t.tons}
            aria-label={labels.net}
          />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item
          name={names.time}
          label={labels.time}
          rules={[{ required: !optional, message: t.required.weighTime }]}
        >
          <DatePicker showTime style={{ width: '100%' }} placeholder={t.pickTime} />
        </Form.Item>
      </Col>
    </>
  );
}
