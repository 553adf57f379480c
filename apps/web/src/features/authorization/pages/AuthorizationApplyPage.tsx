import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { applyGrant, fetchGrantableRoles } from '../../../api/push';
import { HandlerSelect } from '../../../kit';
import { texts } from '../../../locales';

const t = texts.grant;
const LIST_PATH = '/permission/authorization';

interface Values {
  userId: number;
  roleId: number;
  period: [Dayjs, Dayjs];
  reason: string;
}

/** 授权申请 (/permission/authorizationApply): grant a role to a user of one's subtree for a period. */
export default function AuthorizationApplyPage() {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const roles = useQuery({ queryKey: ['authorization', 'roles'], queryFn: fetchGrantableRoles });

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await applyGrant({
        userId: values.userId,
        roleId: values.roleId,
        startDate: values.period[0].format('YYYY-MM-DD'),
        endDate: values.period[1].format('YYYY-MM-DD'),
        reason: values.reason.trim(),
      });
      if (answer.code === 200) {
        void message.success(t.granted, 2);
        await client.invalidateQueries({ queryKey: ['list', 'authorization/list'] });
        navigate(LIST_PATH);
      } else if (answer.msg) void message.error(answer.msg, 5);
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t.apply} style={{ maxWidth: 720 }}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t.hint} />
      <Form
        form={form}
        name="grant"
        layout="vertical"
        initialValues={{ period: [dayjs(), dayjs().add(6, 'day')] }}
      >
        <Form.Item name="userId" label={t.user} rules={[{ required: true, message: t.userRequired }]}>
          <HandlerSelect />
        </Form.Item>
        <Form.Item name="roleId" label={t.role} rules={[{ required: true, message: t.roleRequired }]}>
          <Select
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            placeholder={t.roleRequired}
          />
        </Form.Item>
        <Form.Item name="period" label={t.period} rules={[{ required: true, message: t.periodRequired }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t.reason}
          rules={[{ required: true, whitespace: true, message: t.reasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t.reasonPlaceholder} />
        </Form.Item>
        <Space>
          <Button onClick={() => navigate(LIST_PATH)}>{t.back}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t.submit}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
