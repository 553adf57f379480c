import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  InputNumber,
  Row,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  fetchTboxSetting,
  saveTboxSetting,
  sendTboxSetting,
  type TboxSettings,
} from '../../../api/terminals';
import { WithQueryClient } from '../../../kit';
import { BackTitle } from '../../../kit/record/BackTitle';
import { texts } from '../../../locales';

const t = texts.tbox;
const LIST_PATH = '/information/device';

/** Each parameter with the range the server accepts. */
const FIELDS: { name: keyof TboxSettings; label: string; min: number; max: number }[] = [
  { name: 'heartbeatSeconds', label: t.heartbeatSeconds, min: 10, max: 3600 },
  { name: 'reportSeconds', label: t.reportSeconds, min: 1, max: 3600 },
  { name: 'sleepReportSeconds', label: t.sleepReportSeconds, min: 10, max: 86_400 },
  { name: 'maxSpeed', label: t.maxSpeed, min: 1, max: 200 },
  { name: 'overspeedSeconds', label: t.overspeedSeconds, min: 0, max: 600 },
  { name: 'fatigueMinutes', label: t.fatigueMinutes, min: 30, max: 720 },
  { name: 'restMinutes', label: t.restMinutes, min: 5, max: 120 },
];

function TboxSetting({ terminalId }: { terminalId: number }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<TboxSettings>();
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const info = useQuery({
    queryKey: ['tbox', terminalId],
    queryFn: () => fetchTboxSetting(terminalId),
    retry: false,
  });
  useEffect(() => {
    if (info.data) form.setFieldsValue(info.data.settings);
  }, [info.data, form]);

  const run = async (send: boolean) => {
    let values: TboxSettings;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(send ? 'send' : 'save');
    try {
      await saveTboxSetting(terminalId, values);
      if (!send) {
        void message.success(t.saved);
        return;
      }
      const answer = await sendTboxSetting(terminalId);
      if (answer.code === 200) void message.success(t.sent);
      else void message.warning(t.notSent);
    } catch {
      // the request client showed why
    } finally {
      setBusy(null);
      await client.invalidateQueries({ queryKey: ['tbox', terminalId] });
    }
  };

  const v = info.data;
  return (
    <Card
      title={
        <BackTitle onBack={() => navigate(LIST_PATH)} backLabel={t.back}>
          {t.title}
        </BackTitle>
      }
      extra={
        <Space>
          <Button loading={busy === 'save'} disabled={!v || busy !== null} onClick={() => void run(false)}>
            {t.save}
          </Button>
          <Button
            type="primary"
            loading={busy === 'send'}
            disabled={!v || busy !== null}
            onClick={() => void run(true)}
          >
            {t.saveAndSend}
          </Button>
        </Space>
      }
    >
      <Spin spinning={info.isLoading}>
        {info.isError && <Empty description={texts.kit.common.empty} />}
        {v && (
          <Flex vertical gap={16}>
            <Descriptions bordered size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item
                label={t.terminal}
              >{`${v.tid}（JT/T 808-${v.protocolVersion}）`}</Descriptions.Item>
              <Descriptions.Item label={t.truck}>{v.carNo || '--'}</Descriptions.Item>
              <Descriptions.Item label={t.state}>
                {v.online ? (
                  <Tag color="success">{texts.terminals.online}</Tag>
                ) : (
                  <Tag>{texts.terminals.offline}</Tag>
                )}
              </Descriptions.Item>
            </Descriptions>
            <Alert
              type={v.sendResult === 0 ? 'success' : v.sentTime ? 'warning' : 'info'}
              showIcon
              title={
                <Flex vertical>
                  <span>{v.saved ? t.updated(v.updatedBy, v.updatedTime) : t.defaults}</span>
                  <span>{v.sentTime ? t.lastSent(v.sentTime, v.sendResultText) : t.neverSent}</span>
                </Flex>
              }
            />
            <Form<TboxSettings> form={form} layout="vertical" name="tbox">
              <Row gutter={16}>
                {FIELDS.map((f) => (
                  <Col key={f.name} xs={24} md={12} xl={8}>
                    <Form.Item
                      name={f.name}
                      label={f.label}
                      rules={[
                        {
                          required: true,
                          type: 'integer',
                          min: f.min,
                          max: f.max,
                          message: `${f.label.replace(/\(.*\)/, '')}应为${f.min}到${f.max}之间的整数`,
                        },
                      ]}
                    >
                      <InputNumber min={f.min} max={f.max} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </Form>
            <Typography.Text type="secondary">{t.hint}</Typography.Text>
          </Flex>
        )}
      </Spin>
    </Card>
  );
}

/** T-BOX设置 (/information/tboxsetting?terminalId=): a terminal's parameters, saved and sent with 0x8103. */
export default function TboxSettingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const terminalId = Number(params.get('terminalId'));
  if (!Number.isInteger(terminalId) || terminalId <= 0) {
    return (
      <Card>
        <Empty description={t.chooseTerminal}>
          <Button onClick={() => navigate(LIST_PATH)}>{t.back}</Button>
        </Empty>
      </Card>
    );
  }
  return (
    <WithQueryClient>
      <TboxSetting key={terminalId} terminalId={terminalId} />
    </WithQueryClient>
  );
}
