import { App, type MessageArgsProps, type ModalFuncProps } from 'antd';
import { useLayoutEffect } from 'react';
import { texts } from '../locales';
import { currentFullPath, LOGIN_PATH, loginPath } from '../router/paths';
import { bindMessageApi, deferError } from './notify';
import { bindRequestUi, type RequestUi } from './request';

const k = texts.kit.request;
/** How much of a long message the toast shows before its '查看更多' link. */
const LONG_MESSAGE_PREVIEW_CHARS = 60;

/** The parts of antd's message API used here (the App context's or the static one). */
interface MessageApi {
  open(args: MessageArgsProps): unknown;
}
/** The parts of antd's modal API used here. */
interface ModalApi {
  confirm(config: ModalFuncProps): unknown;
  info(config: ModalFuncProps): unknown;
}

function FullMessage({ text }: { text: string }) {
  return (
    <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 480, overflow: 'auto' }}>
      {text}
    </div>
  );
}

/** The request client's screen effects drawn with antd's message and modal APIs. */
export function antdRequestUi(message: MessageApi, modal: ModalApi): RequestUi {
  const showFull = (text: string) =>
    modal.info({
      title: k.fullMessageTitle,
      content: <FullMessage text={text} />,
      width: 720,
      okText: k.confirmOk,
    });
  return {
    toast(type, text, durationMs, viewMore) {
      const content = viewMore ? (
        <span>
          {`${[...text].slice(0, LONG_MESSAGE_PREVIEW_CHARS).join('')}…`}
          <button
            type="button"
            className="ant-btn-link"
            style={{
              marginLeft: 8,
              border: 0,
              background: 'none',
              padding: 0,
              cursor: 'pointer',
              color: 'var(--ant-color-link, #1677ff)',
            }}
            onClick={() => showFull(text)}
          >
            {k.viewMore}
          </button>
        </span>
      ) : (
        text
      );
      void message.open({ type, content, duration: durationMs / 1000 });
    },
    confirm(title, redLines) {
      return new Promise<void>((resolve) => {
        modal.confirm({
          title,
          content: (
            <div>
              {redLines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed text and may repeat.
                <div key={index} style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
                  {line}
                </div>
              ))}
            </div>
          ),
          okText: k.confirmOk,
          footer: (_, { OkBtn }) => <OkBtn />,
          onOk: () => resolve(),
          afterClose: () => resolve(),
        });
      });
    },
    forbidden() {
      void message.open({ type: 'error', content: texts.request.forbidden, duration: 5 });
    },
    reload(notice) {
      if (notice) deferError(notice);
      window.location.reload();
    },
    navigateLogin(text) {
      if (window.location.pathname === LOGIN_PATH) {
        void message.open({ type: 'error', content: text, duration: 5 });
        return;
      }
      deferError(text);
      window.location.assign(loginPath(currentFullPath()));
    },
  };
}

/**
 * Binds the request client's notices (and notify.ts's toasts) to antd's App context, so they follow
 * the theme. Render it once inside `<App>` (antd) at the root of the app.
 */
export function RequestUiBridge() {
  const { message, modal } = App.useApp();
  useLayoutEffect(() => {
    bindMessageApi(message);
    bindRequestUi(antdRequestUi(message, modal));
    return () => bindRequestUi(undefined);
  }, [message, modal]);
  return null;
}
