import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { bindMessageApi } from './api/notify';
import { router } from './router';
import './styles.css';

dayjs.locale('zh-cn');

/** Lets the request layer show toasts through antd's context-aware message API. */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useLayoutEffect(() => bindMessageApi(message), [message]);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <MessageBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
