import { WAYBILL_STATE } from '@fleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Result, Row, Space, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { addBack, type BackInfo, fetchBackInfo, fetchWaybill, type Waybill } from '../../api/waybills';
import { ImageUploader, type ImageUploaderHandle, pendingUploadMessage } from '../../kit';
import { maxRule } from '../../kit/formRules';
import { texts } from '../../locales';
import { waybillRecord } from './waybill.record';
import { emptyBlock, kgOf, SlipFields, timeText, timeValue, tonsOf, WaybillStateTag } from './waybillParts';
import { waybillPaths } from './waybillPaths';
import { canRecordBack } from './waybillRules';

const t = texts.waybills;
const b = t.backPage;
const d = t.detailPage;

interface BackValues {
  gross?: string;
  tare?: string;
  time?: ReturnType<typeof timeValue>;
  unloadingPhotos?: string;
  backPhotos?: string;
  backRemark?: string;
}

/**
 * 回单录入 and 回单编辑: the unloading slip (gross and tare in tons, time, photos), the signed
 * receipt's photos (required) and a remark. Saving completes the waybill (or, on a completed one,
 * edits the receipt) and shows the freight that results.
 */
export function WaybillBack({ id, edit }: { id: number; edit: boolean }) {
  const info = useQuery({
    queryKey: ['waybills', 'info', id],
    queryFn: () => fetchWaybill(id),
    enabled: id > 0,
    staleTime: 0,
  });
  const back = useQuery({
    queryKey: ['waybills', 'backInfo', id],
    queryFn: () => fetchBackInfo(id),
    enabled: id > 0 && edit,
    staleTime: 0,
  });
  if (!(id > 0) || info.isError || back.isError) return emptyBlock(t.notFound);
  if (!info.data || (edit && !back.data)) return <Spin />;
  return <BackForm key={info.data.id} waybill={info.data} back={back.data} edit={edit} />;
}

function BackForm({ waybill, back, edit }: { waybill: Waybill; back?: BackInfo; edit: boolean }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const paths = waybillPaths(pathname);
  const [form] = Form.useForm<BackValues>();
  const slipUploader = useRef<ImageUploaderHandle>(null);
  const backUploader = useRef<ImageUploaderHandle>(null);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Waybill | undefined>();
  const allowed = edit
    ? waybill.status === WAYBILL_STATE.completed && waybill.cancelled !== 1
    : canRecordBack(waybill);

  const submit = async () => {
    let v: BackValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const blocked = pendingUploadMessage(slipUploader.current, backUploader.current);
    if (blocked) {
      void message.warning(blocked);
      return;
    }
    setSaving(true);
    try {
      const answer = await addBack({
        waybillId: waybill.id,
        unloadingGrossKg: kgOf(v.gross) as number,
        unloadingTareKg: kgOf(v.tare) as number,
        unloadingWeighTime: timeText(v.time) as string,
        unloadingPhotos: v.unloadingPhotos || undefined,
        backPhotos: v.backPhotos ?? '',
        backRemark: v.backRemark?.trim() || undefined,
      });
      if (answer.code === 200) {
        void message.success(b.saved);
        setResult(answer.data);
        void client.invalidateQueries({ queryKey: ['list', waybillRecord.listKey] });
        void client.invalidateQueries({ queryKey: ['waybills'] });
      } else if (answer.msg) void message.error(answer.msg);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  const header = (
    <Space>
      <span>{edit ? b.editTitle : b.title}</span>
      <span>
        {t.billNo}：{waybill.billNo}
      </span>
      <WaybillStateTag waybill={result ?? waybill} />
    </Space>
  );

  if (result)
    return (
      <Card size="small" title={header}>
        <Result
          status="success"
          title={b.saved}
          subTitle={`${d.freight}：${result.freightYuan || '--'}`}
          extra={[
            <Button key="detail" type="primary" onClick={() => navigate(paths.detail(waybill.id))}>
              {b.toDetail}
            </Button>,
            <Button key="list" onClick={() => navigate(paths.list)}>
              {t.toList}
            </Button>,
          ]}
        />
        <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small" title={b.result}>
          <Descriptions.Item label={t.loadingNet}>{result.loadingNetTons || '--'}</Descriptions.Item>
          <Descriptions.Item label={t.unloadingNet}>{result.unloadingNetTons || '--'}</Descriptions.Item>
          <Descriptions.Item label={d.settleTons}>{result.settleTons || '--'}</Descriptions.Item>
          <Descriptions.Item label={d.loss}>{result.lossTons || '--'}</Descriptions.Item>
          <Descriptions.Item label={d.price}>
            {result.priceYuan ? `${result.priceYuan} ${result.priceUnit}` : '--'}
          </Descriptions.Item>
          <Descriptions.Item label={d.freightGross}>{result.freightGrossYuan || '--'}</Descriptions.Item>
          <Descriptions.Item label={d.lossDeduction}>{result.lossDeductionYuan || '--'}</Descriptions.Item>
          <Descriptions.Item label={d.freight}>
            <strong data-testid="back-freight">{result.freightYuan || '--'}</strong>
          </Descriptions.Item>
        </Descriptions>
      </Card>
    );

  return (
    <Form<BackValues>
      form={form}
      name="waybillBack"
      layout="vertical"
      initialValues={
        back
          ? {
              gross: tonsOf(back.unloadingGrossKg),
              tare: tonsOf(back.unloadingTareKg),
              time: timeValue(back.unloadingWeighTime),
              unloadingPhotos: back.unloadingPhotos,
              backPhotos: back.backPhotos,
              backRemark: back.backRemark,
            }
          : {
              gross: tonsOf(waybill.unloadingGrossKg),
              tare: tonsOf(waybill.unloadingTareKg),
              time: timeValue(waybill.unloadingWeighTime),
              unloadingPhotos: waybill.unloadingPhotos,
            }
      }
    >
      <Card size="small" title={header} style={{ marginBottom: 12 }}>
        {!allowed && <Alert type="warning" showIcon message={b.notAllowed} style={{ marginBottom: 12 }} />}
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={t.customer}>{waybill.customerName}</Descriptions.Item>
          <Descriptions.Item label={t.line}>{waybill.lineName}</Descriptions.Item>
          <Descriptions.Item label={t.truck}>{waybill.carNo}</Descriptions.Item>
          <Descriptions.Item label={t.loadingNet}>{waybill.loadingNetTons || '--'}</Descriptions.Item>
          <Descriptions.Item label={d.price}>
            {waybill.priceYuan ? `${waybill.priceYuan} ${waybill.priceUnit}` : d.noPrice}
          </Descriptions.Item>
          <Descriptions.Item label={d.settleWeight}>{waybill.settleWeightName || '--'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={b.unloadingSection} style={{ marginBottom: 12 }}>
        <Row gutter={24}>
          <SlipFields
            form={form}
            span={6}
            names={{ gross: 'gross', tare: 'tare', time: 'time' }}
            labels={{ gross: b.gross, tare: b.tare, net: b.net, time: b.weighTime }}
          />
          <Col span={24}>
            <Form.Item name="unloadingPhotos" label={b.unloadingPhotos}>
              <ImageUploader ref={slipUploader} valueFormat="string" invoice={{ noun: '磅单图片' }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card size="small" title={b.receiptSection} style={{ marginBottom: 12 }}>
        <Form.Item
          name="backPhotos"
          label={b.backPhotos}
          rules={[{ required: true, whitespace: true, message: t.required.backPhotos }]}
        >
          <ImageUploader ref={backUploader} valueFormat="string" invoice={{ noun: '回单图片' }} />
        </Form.Item>
        <Form.Item name="backRemark" label={b.backRemark} rules={[maxRule(200)]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Card>
      <Space>
        <Button type="primary" loading={saving} disabled={!allowed} onClick={() => void submit()}>
          {t.form.save}
        </Button>
        <Button onClick={() => navigate(paths.detail(waybill.id))}>{b.toDetail}</Button>
      </Space>
    </Form>
  );
}
