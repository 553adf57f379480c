import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { RequestUiBridge } from './api/request-ui';
import { router } from './router';
import { queryClient } from './router/queryClient';
import { useSettings } from './stores/settings';
import './styles.css';

dayjs.locale('zh-cn');

/** antd themed with the colour of the settings panel; plain CSS of the shell reads --shell-primary. */
function ThemedApp() {
  const themeColor = useSettings((state) => state.themeColor);
  useEffect(() => {
    document.documentElement.style.setProperty('--shell-primary', themeColor);
  }, [themeColor]);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: themeColor, colorLink: themeColor } }}>
      <AntApp>
        <RequestUiBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  </StrictMode>,
);
