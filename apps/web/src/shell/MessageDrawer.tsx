import { Drawer } from 'antd';
import { texts } from '../locales';
import { useMessageDrawer } from '../stores/messageDrawer';
import styles from './ShellLayout.module.css';

/** The global message drawer 提示: shows what other parts pushed through pushMessage(). */
export function MessageDrawer() {
  const { open, messages, close } = useMessageDrawer();
  return (
    <Drawer title={texts.shell.messageDrawerTitle} placement="right" size={480} open={open} onClose={close}>
      {messages.map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages are only appended, and the same text may come twice.
        <p key={index} className={styles.message}>
          {text}
        </p>
      ))}
    </Drawer>
  );
}
