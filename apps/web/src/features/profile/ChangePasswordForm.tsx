import { PASSWORD_MESSAGE, passwordSchema } from '@fleet/domain';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { changePassword } from '../../api/account';
import { sha256Hex } from '../../api/crypto';
import { texts } from '../../locales';

const t = texts.profile;

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * 修改密码: old, new and confirmation; the new one follows the platform's password policy. Both are
 * sent as SHA-256 hex, like the login call.
 */
export function ChangePasswordForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await changePassword({
        oldPassword: await sha256Hex(values.oldPassword),
        newPassword: await sha256Hex(values.newPassword),
      });
      void message.success(t.passwordChanged, 2);
      form.resetFields();
      onDone?.();
    } catch {
      // The request client has shown the server's reason (e.g. 原密码错误).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      name="change-password"
      layout="vertical"
      requiredMark
      onFinish={submit}
      autoComplete="off"
    >
      <Form.Item
        name="oldPassword"
        label={t.oldPassword}
        rules={[{ required: true, message: t.oldPasswordRequired }]}
      >
        <Input.Password autoComplete="current-password" maxLength={20} placeholder={t.oldPasswordRequired} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t.newPassword}
        rules={[
          { required: true, message: t.newPasswordRequired },
          {
            validator: (_, value: string | undefined) =>
              !value || passwordSchema.safeParse(value).success
                ? Promise.resolve()
                : Promise.reject(new Error(PASSWORD_MESSAGE)),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={20} placeholder={t.newPasswordHint} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t.confirmPassword}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t.confirmPasswordRequired },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t.passwordMismatch)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={20} placeholder={t.confirmPasswordRequired} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t.savePassword}
          </Button>
          {onCancel && <Button onClick={onCancel}>{texts.shell.cancel}</Button>}
        </Space>
      </Form.Item>
    </Form>
  );
}
