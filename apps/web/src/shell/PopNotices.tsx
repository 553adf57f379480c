import { NOTICE_MAX_LENGTH } from '@fleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { readPopMessages } from '../api/shell';
import { userInfoQuery } from '../features/session/userInfo';
import { texts } from '../locales';
import { currentNotice, noticeText } from './notices';
import { useShell } from './ShellContext';
import styles from './ShellLayout.module.css';

const t = texts.shell;

/** The user's queued notices, one after another; 确定 marks one read and shows the next. */
export function PopNotices() {
  const { user } = useShell();
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState<ReadonlySet<number>>(() => new Set());
  const notice = currentNotice(user.popMsgs ?? [], confirmed);

  const confirm = () => {
    if (!notice) return;
    const { id } = notice;
    void readPopMessages([id]).catch(() => undefined);
    setConfirmed((done) => new Set([...done, id]));
    // A confirmed notice leaves the cached user info too, so it does not come back with the shell.
    queryClient.setQueryData(userInfoQuery.queryKey, (info) =>
      info ? { ...info, popMsgs: (info.popMsgs ?? []).filter((message) => message.id !== id) } : info,
    );
  };

  return (
    <Modal
      title={t.noticeTitle}
      open={notice !== undefined}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={560}
      footer={
        <Button type="primary" onClick={confirm}>
          {t.confirm}
        </Button>
      }
    >
      {notice && (
        <>
          <Input.TextArea
            key={notice.id}
            readOnly
            value={noticeText(notice)}
            maxLength={NOTICE_MAX_LENGTH}
            autoSize={{ minRows: 6, maxRows: 14 }}
            aria-label={t.noticeTitle}
          />
          {notice.signatureContent && <p className={styles.noticeSignature}>{notice.signatureContent}</p>}
        </>
      )}
    </Modal>
  );
}
