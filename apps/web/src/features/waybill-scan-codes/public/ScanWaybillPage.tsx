import { isPhoneLoose, kgToTons, MAX_WEIGHT_KG, SCAN_TOKEN_PATTERN, tonsToKg } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Result, Select, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RequestError } from '../../../api/request';
import {
  fetchScanCode,
  fetchScanTrucks,
  type ScanCodeInfo,
  type ScanCreated,
  type ScanSession,
  sendScanSms,
  submitScanWaybill,
  uploadScanPhoto,
  verifyScanPhone,
} from '../../../api/waybill-scan-codes';
import { ImageUploader, type ImageUploaderHandle, pendingUploadMessage } from '../../../kit';
import { checkRule, requiredRule } from '../../../kit/formRules';
import { texts } from '../../../locales';

const t = texts.scanWaybill;
const RESEND_SECONDS = 60;

/** What the code is for: customer, line, loading → unloading station, cargo. */
function CodeCard({ code }: { code: ScanCodeInfo }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 16 }}
      items={[
        { key: 'customer', label: t.customer, children: code.customerName },
        { key: 'line', label: t.line, children: code.lineName },
        {
          key: 'stations',
          label: t.stations,
          children: `${code.loadingStationName} → ${code.unloadingStationName}`,
        },
        { key: 'cargo', label: t.cargo, children: code.cargo || t.noCargo },
      ]}
    />
  );
}

/** Step 1: the driver's phone and SMS code. */
function PhoneStep({ token, onVerified }: { token: string; onVerified: (session: ScanSession) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phone: string; smsCode: string }>();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    try {
      const { phone } = await form.validateFields(['phone']);
      await sendScanSms(token, phone.trim());
      void message.success(t.codeSent);
      setWait(RESEND_SECONDS);
    } catch {
      // the form or the request client has said why
    }
  };
  const verify = async () => {
    let values: { phone: string; smsCode: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      onVerified(await verifyScanPhone(token, values.phone.trim(), values.smsCode.trim()));
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name="scanPhone" layout="vertical">
      <Form.Item
        name="phone"
        label={t.phone}
        rules={[requiredRule(t.phonePlaceholder), checkRule((v) => (isPhoneLoose(v) ? null : t.phoneRule))]}
      >
        <Input maxLength={11} inputMode="numeric" placeholder={t.phonePlaceholder} size="large" />
      </Form.Item>
      <Form.Item label={t.smsCode} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="smsCode"
            noStyle
            rules={[requiredRule(t.codeRule), checkRule((v) => (/^\d{6}$/.test(v) ? null : t.codeRule))]}
          >
            <Input
              maxLength={6}
              inputMode="numeric"
              placeholder={t.smsCodePlaceholder}
              aria-label={t.smsCode}
              size="large"
            />
          </Form.Item>
          <Button size="large" disabled={wait > 0} onClick={() => void send()}>
            {wait > 0 ? t.resend(wait) : t.sendCode}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" size="large" block loading={busy} onClick={() => void verify()}>
        {t.verify}
      </Button>
    </Form>
  );
}

interface WaybillValues {
  truckId?: number;
  grossTons?: string;
  tareTons?: string;
  photos?: string[];
}

const weightRule = checkRule((v) => {
  const kg = tonsToKg(v);
  return kg !== undefined && kg <= MAX_WEIGHT_KG ? null : t.weightRule;
});

/** Step 2: truck, loading weights in tons (net shown), slip photos; creates the waybill. */
function WaybillStep({ session, onCreated }: { session: ScanSession; onCreated: (w: ScanCreated) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<WaybillValues>();
  const uploader = useRef<ImageUploaderHandle>(null);
  const upload = useMemo(() => uploadScanPhoto(session.ticket), [session.ticket]);
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  const trucks = useQuery({
    queryKey: ['scan-waybill', 'trucks', session.ticket, keyword],
    queryFn: () => fetchScanTrucks(session.ticket, keyword),
  });
  const firstTruck = trucks.data?.find((truck) => truck.bound)?.id;
  useEffect(() => {
    if (firstTruck !== undefined && form.getFieldValue('truckId') === undefined)
      form.setFieldValue('truckId', firstTruck);
  }, [firstTruck, form]);
  const gross = tonsToKg(Form.useWatch('grossTons', form) ?? '');
  const tare = tonsToKg(Form.useWatch('tareTons', form) ?? '');
  const net = gross !== undefined && tare !== undefined && tare < gross ? kgToTons(gross - tare) : '';

  const submit = async () => {
    let values: WaybillValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const pending = pendingUploadMessage(uploader.current);
    if (pending) return void message.warning(pending);
    setBusy(true);
    try {
      onCreated(
        await submitScanWaybill({
          ticket: session.ticket,
          truckId: values.truckId as number,
          grossKg: tonsToKg(values.grossTons ?? '') as number,
          tareKg: tonsToKg(values.tareTons ?? '') as number,
          photos: values.photos ?? [],
        }),
      );
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name="scanWaybill" layout="vertical">
      <Form.Item label={t.driver}>
        <Typography.Text strong>{session.driverName}</Typography.Text>
      </Form.Item>
      <Form.Item name="truckId" label={t.truck} rules={[{ required: true, message: t.required.truck }]}>
        <Select
          size="large"
          showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
          placeholder={t.truckPlaceholder}
          loading={trucks.isFetching}
          notFoundContent={trucks.isFetching ? <Spin size="small" /> : undefined}
          options={(trucks.data ?? []).map((truck) => ({
            value: truck.id,
            label: truck.bound ? `${truck.carNo}（${t.boundTruck}）` : truck.carNo,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="grossTons"
        label={t.gross}
        rules={[{ required: true, whitespace: true, message: t.required.gross }, weightRule]}
      >
        <Input size="large" inputMode="decimal" placeholder={t.weightPlaceholder} suffix={t.tons} />
      </Form.Item>
      <Form.Item
        name="tareTons"
        label={t.tare}
        dependencies={['grossTons']}
        rules={[
          { required: true, whitespace: true, message: t.required.tare },
          weightRule,
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) => {
              const g = tonsToKg(getFieldValue('grossTons') ?? '');
              const kg = tonsToKg(v ?? '');
              return g !== undefined && kg !== undefined && kg >= g
                ? Promise.reject(new Error(t.tareBelowGross))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <Input size="large" inputMode="decimal" placeholder={t.weightPlaceholder} suffix={t.tons} />
      </Form.Item>
      <Form.Item label={t.net}>
        <Typography.Text strong data-testid="scan-net">
          {net ? `${net} ${t.tons}` : '-'}
        </Typography.Text>
      </Form.Item>
      <Form.Item
        name="photos"
        label={t.photos}
        extra={t.photosHint}
        rules={[{ required: true, type: 'array', min: 1, message: t.required.photos }]}
      >
        <ImageUploader ref={uploader} upload={upload} invoice={{ noun: t.photos }} />
      </Form.Item>
      <Button type="primary" size="large" block loading={busy} onClick={() => void submit()}>
        {t.submit}
      </Button>
    </Form>
  );
}

/** 扫码开单 (/scan-waybill?token=…): the public page a driver opens by scanning a code's QR code. */
export default function ScanWaybillPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = SCAN_TOKEN_PATTERN.test(token);
  const [session, setSession] = useState<ScanSession>();
  const [created, setCreated] = useState<ScanCreated>();
  const code = useQuery({
    queryKey: ['scan-waybill', 'code', token],
    queryFn: () => fetchScanCode(token),
    enabled: wellFormed,
    retry: false,
  });
  useEffect(() => {
    document.title = t.title;
  }, []);

  let body: ReactNode;
  if (!wellFormed || code.isError) {
    const reason = code.error instanceof RequestError ? code.error.message : t.invalidHint;
    body = <Result status="warning" title={t.invalid} subTitle={reason} />;
  } else if (!code.data) body = <Spin aria-label={t.loading} />;
  else if (created)
    body = (
      <Result
        status="success"
        title={t.created}
        subTitle={t.createdHint}
        extra={
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'billNo',
                label: t.billNo,
                children: <span data-testid="scan-bill-no">{created.billNo}</span>,
              },
              { key: 'carNo', label: t.truck, children: created.carNo },
              { key: 'net', label: t.net, children: `${created.loadingNetTons} ${t.tons}` },
              { key: 'status', label: t.status, children: created.statusName },
            ]}
          />
        }
      />
    );
  else if (session) body = <WaybillStep session={session} onCreated={setCreated} />;
  else body = <PhoneStep token={token} onVerified={setSession} />;

  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '16px 8px', boxSizing: 'border-box' }}>
      <Card style={{ maxWidth: 480, margin: '0 auto' }} styles={{ body: { padding: 16 } }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t.title}
        </Typography.Title>
        {code.data && (
          <>
            <Typography.Paragraph type="secondary">{code.data.merchantName}</Typography.Paragraph>
            <CodeCard code={code.data} />
          </>
        )}
        {body}
      </Card>
    </div>
  );
}
