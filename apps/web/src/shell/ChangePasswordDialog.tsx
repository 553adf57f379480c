import { Modal } from 'antd';
import { ChangePasswordForm } from '../features/profile/ChangePasswordForm';
import { texts } from '../locales';

/** 修改密码 from the avatar popover; the personal centre shows the same form. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      title={texts.shell.changePassword}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={480}
    >
      <ChangePasswordForm onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}
