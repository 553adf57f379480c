import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Form, Input, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { addPush, type PushType } from '../../api/push';
import { TeamTreeSelect } from '../../kit';
import { texts } from '../../locales';

const t = texts.push;
const LIST_PATH = '/permission/pushManage';

interface Values {
  title: string;
  content: string;
  signature?: string;
  teamCode: string;
}

/** The form of 推送卡片 and 推送大屏, with a preview of what the users will see. */
export function PushForm({ type }: { type: PushType }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const title = Form.useWatch('title', form);
  const content = Form.useWatch('content', form);
  const signature = Form.useWatch('signature', form);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await addPush({ type, ...values });
      if (answer.code === 200) {
        void message.success(t.pushed, 2);
        await client.invalidateQueries({ queryKey: ['list', 'push/list'] });
        navigate(LIST_PATH);
      } else if (answer.msg) void message.error(answer.msg, 5);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Card title={type === 1 ? t.card : t.screen}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={type === 1 ? t.cardHint : t.screenHint}
          />
          <Form form={form} name="push" layout="vertical" requiredMark>
            <Form.Item name="teamCode" label={t.team} rules={[{ required: true, message: t.teamRequired }]}>
              <TeamTreeSelect />
            </Form.Item>
            <Form.Item
              name="title"
              label={t.title}
              rules={[{ required: true, whitespace: true, message: t.titleRequired }]}
            >
              <Input maxLength={30} showCount placeholder={t.titlePlaceholder} />
            </Form.Item>
            <Form.Item
              name="content"
              label={t.content}
              rules={[{ required: true, whitespace: true, message: t.contentRequired }]}
            >
              <Input.TextArea rows={6} maxLength={500} showCount placeholder={t.contentPlaceholder} />
            </Form.Item>
            <Form.Item name="signature" label={t.signature}>
              <Input maxLength={100} placeholder={t.signaturePlaceholder} />
            </Form.Item>
            <Space>
              <Button onClick={() => navigate(LIST_PATH)}>{t.back}</Button>
              <Button type="primary" loading={saving} onClick={() => void submit()}>
                {t.submit}
              </Button>
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t.preview}>
          {title || content ? (
            <div data-testid="push-preview">
              <Typography.Title level={5}>{title}</Typography.Title>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{content}</Typography.Paragraph>
              {signature && (
                <Typography.Paragraph style={{ textAlign: 'right' }}>{signature}</Typography.Paragraph>
              )}
            </div>
          ) : (
            <Empty description={t.previewEmpty} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
