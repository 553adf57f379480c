import { Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { pickMerchant } from '../api/account';
import { texts } from '../locales';

const t = texts.shell;

interface Props {
  open: boolean;
  /** Merchant id → name, as GET /auth/getMerchantList answers. */
  merchants: Record<string, string>;
  current: string;
  onClose: () => void;
  /** The server switched: caches are to be cleared and the page reloaded. */
  onSwitched: () => void;
}

/** 切换商户: pick another merchant the user belongs to (POST /auth/pickMerchant). */
export function MerchantSwitchDialog({ open, merchants, current, onClose, onSwitched }: Props) {
  const [chosen, setChosen] = useState(current);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setChosen(current);
  }, [open, current]);

  const confirm = async () => {
    if (chosen === current) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await pickMerchant(chosen);
      onSwitched();
    } catch {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t.switchMerchant}
      open={open}
      onCancel={onClose}
      onOk={confirm}
      okText={t.confirm}
      cancelText={t.cancel}
      confirmLoading={saving}
      destroyOnHidden
      width={420}
    >
      <Radio.Group value={chosen} onChange={(event) => setChosen(String(event.target.value))}>
        <Space orientation="vertical" size={12}>
          {Object.entries(merchants).map(([id, name]) => (
            <Radio key={id} value={id}>
              {name}
              {id === current ? `（${t.currentMerchant}）` : ''}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
