import { isPhoneLoose, isPlate, isVin, PLATE_COLOURS, PLATE_MESSAGE, VIN_MESSAGE } from '@fleet/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Divider,
  Form,
  Input,
  Result,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  fetchInviteInfo,
  type RegistrationForm,
  sendRegisterSms,
  submitRegistration,
  uploadRegisterPhoto,
  verifyRegisterPhone,
} from '../../../api/driver-registrations';
import { ImageUploader, type ImageUploaderHandle, pendingUploadMessage } from '../../../kit';
import { checkRule, idCardRule, maxRule, nameRule, requiredRule } from '../../../kit/formRules';
import { texts } from '../../../locales';
import { DateField } from '../DateField';
import { LICENSE_OPTIONS } from '../DriverForm';

const t = texts.selfRegister;
const RESEND_SECONDS = 60;

type Step =
  | { kind: 'phone' }
  | { kind: 'form'; ticket: string; rejectReason: string }
  | { kind: 'pending' }
  | { kind: 'done' };

/** Step 1: phone number and SMS code. */
function PhoneStep({ code, onVerified }: { code: string; onVerified: (step: Step) => void }) {
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
      await sendRegisterSms(phone.trim());
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
      const answer = await verifyRegisterPhone(code, values.phone.trim(), values.smsCode.trim());
      if (answer.status === 1 || !answer.ticket) onVerified({ kind: 'pending' });
      else onVerified({ kind: 'form', ticket: answer.ticket, rejectReason: answer.rejectReason });
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name="registerPhone" layout="vertical">
      <Form.Item
        name="phone"
        label={t.phone}
        rules={[requiredRule(t.phonePlaceholder), checkRule((v) => (isPhoneLoose(v) ? null : t.phoneRule))]}
      >
        <Input maxLength={11} inputMode="numeric" placeholder={t.phonePlaceholder} />
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
            />
          </Form.Item>
          <Button disabled={wait > 0} onClick={() => void send()}>
            {wait > 0 ? t.resend(wait) : t.sendCode}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" block loading={busy} onClick={() => void verify()}>
        {t.verify}
      </Button>
    </Form>
  );
}

interface FormValues extends Omit<RegistrationForm, 'ticket' | 'photos'> {
  photos?: string[];
}

/** Step 2: the driver's data, photos and truck. */
function DataStep({
  ticket,
  rejectReason,
  onDone,
}: {
  ticket: string;
  rejectReason: string;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const uploader = useRef<ImageUploaderHandle>(null);
  const upload = useMemo(() => uploadRegisterPhoto(ticket), [ticket]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const pending = pendingUploadMessage(uploader.current);
    if (pending) return void message.warning(pending);
    setBusy(true);
    try {
      await submitRegistration({
        ...values,
        ticket,
        idCard: values.idCard.trim().toUpperCase(),
        photos: values.photos ?? [],
      });
      onDone();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name="registerData" layout="vertical" initialValues={{ plateColor: 2 }}>
      {rejectReason && (
        <Alert type="warning" showIcon title={t.lastRejected(rejectReason)} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="driverName"
        label={t.driverName}
        rules={[requiredRule(t.required.driverName), nameRule]}
      >
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="idCard" label={t.idCard} rules={[requiredRule(t.required.idCard), idCardRule]}>
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item
        name="licenseClass"
        label={t.licenseClass}
        rules={[{ required: true, message: t.required.licenseClass }]}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} options={LICENSE_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="licenseExpiry"
        label={t.licenseExpiry}
        rules={[{ required: true, message: t.required.licenseExpiry }]}
      >
        <DateField />
      </Form.Item>
      <Form.Item name="qualificationNo" label={t.qualificationNo} rules={[maxRule(30)]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="qualificationExpiry" label={t.qualificationExpiry}>
        <DateField />
      </Form.Item>
      <Form.Item name="photos" label={t.photos} extra={t.photosHint}>
        <ImageUploader ref={uploader} upload={upload} maxFiles={9} maxSizeMb={5} />
      </Form.Item>
      <Divider plain>{t.vehicle}</Divider>
      <Form.Item name="carNo" label={t.carNo} rules={[checkRule((v) => (isPlate(v) ? null : PLATE_MESSAGE))]}>
        <Input maxLength={10} />
      </Form.Item>
      <Form.Item name="plateColor" label={t.plateColor}>
        <Select options={PLATE_COLOURS.map((c) => ({ value: c.value, label: c.label }))} />
      </Form.Item>
      <Form.Item
        name="vin"
        label={t.vin}
        extra={t.vinHint}
        dependencies={['carNo']}
        rules={[
          checkRule((v) => (isVin(v.toUpperCase()) ? null : VIN_MESSAGE)),
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) =>
              getFieldValue('carNo') && !v?.trim()
                ? Promise.reject(new Error(VIN_MESSAGE))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input maxLength={17} />
      </Form.Item>
      <Button type="primary" block loading={busy} onClick={() => void submit()}>
        {t.submit}
      </Button>
    </Form>
  );
}

/** 司机注册 (/driver-register?code=…): the public page a driver opens from a registration link. */
export default function SelfRegisterPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const invite = useQuery({
    queryKey: ['driver-register', 'invite', code],
    queryFn: () => fetchInviteInfo(code),
    enabled: /^[0-9a-f]{16}$/.test(code),
  });
  useEffect(() => {
    document.title = t.title;
  }, []);

  let body: ReactNode;
  if (!/^[0-9a-f]{16}$/.test(code) || invite.isError)
    body = <Result status="warning" title={t.invalidLink} />;
  else if (!invite.data) body = <Spin />;
  else if (step.kind === 'pending') body = <Result status="info" title={t.pending} />;
  else if (step.kind === 'done') body = <Result status="success" title={t.submitted} />;
  else if (step.kind === 'form')
    body = (
      <DataStep
        ticket={step.ticket}
        rejectReason={step.rejectReason}
        onDone={() => setStep({ kind: 'done' })}
      />
    );
  else body = <PhoneStep code={code} onVerified={setStep} />;

  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '24px 12px' }}>
      <Card style={{ maxWidth: 480, margin: '0 auto' }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t.title}
        </Typography.Title>
        {invite.data && (
          <Typography.Paragraph type="secondary">
            {t.joining(invite.data.merchantName, invite.data.teamName)}
          </Typography.Paragraph>
        )}
        {body}
      </Card>
    </div>
  );
}
