import { EMAIL_MESSAGE, emailSchema, PHONE_MESSAGE, phoneSchema } from '@fleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { type ProfileFields, saveProfile } from '../../api/account';
import type { UserInfo } from '../../api/session';
import { texts } from '../../locales';
import { userInfoQuery } from '../session/userInfo';

const t = texts.profile;

const schemaRule = (schema: { safeParse: (value: unknown) => { success: boolean } }, message: string) => ({
  validator: (_: unknown, value: string | undefined) =>
    schema.safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** 基本资料: nickname, phone, email and introduction, saved with POST /user/info. */
export function ProfileForm({ user }: { user: UserInfo }) {
  const [form] = Form.useForm<ProfileFields>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ProfileFields) => {
    setSaving(true);
    try {
      const updated = await saveProfile({
        nickname: values.nickname.trim(),
        phone: values.phone?.trim() ?? '',
        email: values.email?.trim() ?? '',
        introduction: values.introduction ?? '',
      });
      queryClient.setQueryData(userInfoQuery.queryKey, updated);
      void message.success(t.saved, 2);
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ProfileFields>
      form={form}
      name="profile"
      layout="vertical"
      onFinish={submit}
      initialValues={{
        nickname: user.name,
        phone: user.phone ?? '',
        email: user.email ?? '',
        introduction: user.introduction ?? '',
      }}
    >
      <Form.Item
        name="nickname"
        label={t.nickname}
        rules={[
          { required: true, whitespace: true, message: t.nicknameRequired },
          { max: 30, message: t.nicknameTooLong },
        ]}
      >
        <Input maxLength={30} placeholder={t.nicknameRequired} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t.phone}
        rules={[schemaRule(phoneSchema, PHONE_MESSAGE)]}
        validateTrigger="onBlur"
      >
        <Input maxLength={11} placeholder={t.phonePlaceholder} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t.email}
        rules={[schemaRule(emailSchema, EMAIL_MESSAGE)]}
        validateTrigger="onBlur"
      >
        <Input maxLength={254} placeholder={t.emailPlaceholder} />
      </Form.Item>
      <Form.Item name="introduction" label={t.introduction}>
        <Input.TextArea
          maxLength={500}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t.introductionPlaceholder}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t.save}
        </Button>
      </Form.Item>
    </Form>
  );
}
