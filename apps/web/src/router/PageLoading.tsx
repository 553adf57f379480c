import { Spin } from 'antd';
import { texts } from '../locales';

/** Full-page spinner while a page's code or the session loads. */
export function PageLoading() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" aria-label={texts.app.loading} />
    </div>
  );
}
