import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Modal, Typography } from 'antd';
import { copyText } from '../../kit/copyText';
import { texts } from '../../locales';

const t = texts.system.users;

export interface ResetPasswordResultProps {
  /** The user and the new password; nothing shows without. */
  result: { name: string; password: string } | undefined;
  onClose: () => void;
}

/** Shows a reset password once, with a copy button. */
export function ResetPasswordResult({ result, onClose }: ResetPasswordResultProps) {
  const { message } = App.useApp();
  const copy = async () => {
    if (!result) return;
    if (await copyText(result.password)) void message.success(t.copied);
    else void message.error(t.copyFailed);
  };
  return (
    <Modal
      open={result !== undefined}
      title={t.resetTitle}
      width={480}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          {texts.kit.common.close}
        </Button>,
      ]}
    >
      {result && (
        <Flex vertical gap={12}>
          <Typography.Text>{t.resetNote(result.name)}</Typography.Text>
          <Flex align="center" gap={12}>
            <Typography.Text code strong style={{ fontSize: 18 }} data-testid="new-password">
              {result.password}
            </Typography.Text>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t.copy}
            </Button>
          </Flex>
        </Flex>
      )}
    </Modal>
  );
}
