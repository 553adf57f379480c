import type { App } from 'antd';
import { message as staticMessage } from 'antd';
import type { ReactNode } from 'react';

type MessageApi = ReturnType<typeof App.useApp>['message'];

/** Error toasts stay 5 s (spec core section 8). */
export const ERROR_TOAST_SECONDS = 5;

let messageApi: MessageApi = staticMessage;

/** The shell hands over the context-aware message API of antd's <App>, so toasts follow the theme. */
export function bindMessageApi(api: MessageApi): void {
  messageApi = api;
}

export function showError(text: string): void {
  void messageApi.error(text, ERROR_TOAST_SECONDS);
}

/** A success notice; its content may hold a link. */
export function showSuccess(content: ReactNode, seconds = 3): void {
  void messageApi.success({ content, duration: seconds });
}

/** A notice to show after a full page load (e.g. why the user was sent to the login page). */
const PENDING_NOTICE_KEY = 'fleet.pendingNotice';

export function deferError(text: string): void {
  try {
    sessionStorage.setItem(PENDING_NOTICE_KEY, text);
  } catch {
    showError(text);
  }
}

export function takeDeferredError(): string | undefined {
  try {
    const text = sessionStorage.getItem(PENDING_NOTICE_KEY);
    sessionStorage.removeItem(PENDING_NOTICE_KEY);
    return text ?? undefined;
  } catch {
    return undefined;
  }
}
