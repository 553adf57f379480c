import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { sha256Hex } from '../../../api/crypto';
import { takeDeferredError } from '../../../api/notify';
import { login } from '../../../api/session';
import { getToken, setToken } from '../../../api/token';
import { texts } from '../../../locales';
import { safeRedirect } from '../../../router/paths';
import { useBrandHead } from '../../../shell/useBrand';
import { remember, rememberedRefreshToken, rememberedUsername, setSessionRefreshToken } from '../remember';
import { restoreSession } from '../restoreSession';
import { useCaptcha } from '../useCaptcha';
import styles from './LoginPage.module.css';

interface LoginFormValues {
  username: string;
  password: string;
  verifyCode?: string;
  rememberMe: boolean;
}

const t = texts.login;

export default function LoginPage() {
  const [form] = Form.useForm<LoginFormValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirect'));
  const captcha = useCaptcha();
  const brand = useBrandHead();
  const [submitting, setSubmitting] = useState(false);
  const [restoring, setRestoring] = useState(() => !getToken() && Boolean(rememberedRefreshToken()));
  const [initialValues] = useState(() => {
    const username = rememberedUsername();
    return { username: username ?? '', password: '', rememberMe: Boolean(username) };
  });
  const checkCaptcha = captcha.check;

  useEffect(() => {
    const notice = takeDeferredError();
    if (notice) void message.error(notice, 5);
  }, [message]);

  useEffect(() => {
    let active = true;
    if (getToken() || rememberedRefreshToken()) {
      void restoreSession().then((signedIn) => {
        if (!active) return;
        if (signedIn) navigate(target, { replace: true });
        else setRestoring(false);
      });
    }
    if (initialValues.username) void checkCaptcha(initialValues.username);
    return () => {
      active = false;
    };
  }, [navigate, target, checkCaptcha, initialValues.username]);

  const trimUsername = () => {
    const username = (form.getFieldValue('username') as string | undefined)?.trim() ?? '';
    form.setFieldValue('username', username);
    void captcha.check(username);
  };

  const submit = async (values: LoginFormValues) => {
    const username = values.username.trim();
    setSubmitting(true);
    try {
      const result = await login({
        username,
        password: await sha256Hex(values.password),
        webVerifyCodeId: captcha.verifyCodeId,
        webVerifyCode: captcha.verifyCodeId ? values.verifyCode?.trim() : undefined,
      });
      setToken(result.token);
      setSessionRefreshToken(result.refreshToken);
      message.destroy();
      remember(values.rememberMe ? { username, refreshToken: result.refreshToken } : null);
      navigate(target, { replace: true });
    } catch {
      // The request layer has shown the server's message; ask again whether a code is needed.
      form.setFieldValue('verifyCode', '');
      await captcha.check(username);
      setSubmitting(false);
    }
  };

  return (
    <div
      className={styles.page}
      style={{ backgroundImage: `url("${brand.loginBackground}")` }}
      data-brand={brand.key}
    >
      <section className={styles.brand}>
        <div className={styles.logo}>
          <img src={brand.logo} alt={brand.title} className={styles.logoImage} />
        </div>
        <h1 className={styles.title}>{brand.title}</h1>
        <p className={styles.subtitle}>{t.subtitle}</p>
      </section>
      <Card className={styles.panel} variant="borderless">
        <h2 className={styles.welcome}>{t.welcome}</h2>
        <Form<LoginFormValues>
          form={form}
          name="login"
          size="large"
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          onFinish={submit}
          disabled={restoring}
        >
          <Form.Item
            name="username"
            label={t.username}
            rules={[{ required: true, whitespace: true, message: t.usernameRequired }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t.usernamePlaceholder}
              autoComplete="username"
              autoFocus={!initialValues.username}
              maxLength={64}
              onBlur={trimUsername}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t.password}
            rules={[{ required: true, message: t.passwordRequired }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t.passwordPlaceholder}
              autoComplete="current-password"
              autoFocus={Boolean(initialValues.username)}
              maxLength={64}
            />
          </Form.Item>
          {captcha.imageUrl && (
            <Form.Item label={t.verifyCode} required>
              <div className={styles.captchaRow}>
                <Form.Item
                  name="verifyCode"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: t.verifyCodeRequired }]}
                >
                  <Input
                    prefix={<SafetyOutlined />}
                    placeholder={t.verifyCodePlaceholder}
                    autoComplete="off"
                    maxLength={8}
                  />
                </Form.Item>
                <button
                  type="button"
                  className={styles.captchaButton}
                  title={t.verifyCodeRefresh}
                  onClick={captcha.refresh}
                >
                  <img className={styles.captchaImage} src={captcha.imageUrl} alt={t.verifyCodeImageAlt} />
                </button>
              </div>
            </Form.Item>
          )}
          <Form.Item name="rememberMe" valuePropName="checked">
            <Checkbox>{t.rememberMe}</Checkbox>
          </Form.Item>
          <Form.Item className={styles.submitItem}>
            <Button type="primary" htmlType="submit" block loading={submitting || restoring}>
              {restoring ? t.restoring : submitting ? t.submitting : t.submit}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
