import { KeyOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Popover } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchMerchantList } from '../api/account';
import { clearCachedData, signOut } from '../features/session/signOut';
import { texts } from '../locales';
import { loginPath } from '../router/paths';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { MerchantSwitchDialog } from './MerchantSwitchDialog';
import { useShell } from './ShellContext';
import styles from './TopBar.module.css';

const t = texts.shell;
export const PERSONAL_CENTRE_PATH = '/permission/set';

/** The avatar popover: personal centre, merchant switch (several merchants), password, logout. */
export function AvatarMenu() {
  const { user } = useShell();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'password' | 'merchant'>();
  const [signingOut, setSigningOut] = useState(false);
  const { data: merchants } = useQuery({ queryKey: ['auth', 'merchants'], queryFn: fetchMerchantList });
  const merchantCount = Object.keys(merchants ?? {}).length;

  const choose = (next: 'password' | 'merchant') => {
    setOpen(false);
    setDialog(next);
  };

  const logOut = async () => {
    setSigningOut(true);
    const back = loginPath(`${location.pathname}${location.search}${location.hash}`);
    await signOut();
    setOpen(false);
    await navigate(back, { replace: true });
    clearCachedData();
  };

  const content = (
    <div className={styles.account}>
      <div className={styles.accountHead}>
        <Avatar size={40} src={user.avatar || undefined} icon={<UserOutlined />} />
        <div>
          <div className={styles.accountName}>{user.name}</div>
          <div className={styles.accountMeta}>{user.merchantName}</div>
          <div className={styles.accountMeta}>{user.team.teamName}</div>
        </div>
      </div>
      <Button
        type="text"
        block
        className={styles.accountAction}
        icon={<UserOutlined />}
        onClick={() => {
          setOpen(false);
          navigate(PERSONAL_CENTRE_PATH);
        }}
      >
        {t.personalCentre}
      </Button>
      {merchantCount > 1 && (
        <Button
          type="text"
          block
          className={styles.accountAction}
          icon={<SwapOutlined />}
          onClick={() => choose('merchant')}
        >
          {t.switchMerchant}
        </Button>
      )}
      <Button
        type="text"
        block
        className={styles.accountAction}
        icon={<KeyOutlined />}
        onClick={() => choose('password')}
      >
        {t.changePassword}
      </Button>
      <Button
        type="text"
        block
        danger
        className={styles.accountAction}
        icon={<LogoutOutlined />}
        loading={signingOut}
        onClick={logOut}
      >
        {t.logout}
      </Button>
    </div>
  );

  return (
    <>
      <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
        <button type="button" className={styles.avatarTrigger} aria-label={t.accountMenu}>
          <Avatar size={30} src={user.avatar || undefined} icon={<UserOutlined />} />
          <span className={styles.avatarName}>{user.name}</span>
        </button>
      </Popover>
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(undefined)} />
      {merchants && (
        <MerchantSwitchDialog
          open={dialog === 'merchant'}
          merchants={merchants}
          current={String(user.merchantId)}
          onClose={() => setDialog(undefined)}
          onSwitched={() => {
            clearCachedData();
            window.location.reload();
          }}
        />
      )}
    </>
  );
}
