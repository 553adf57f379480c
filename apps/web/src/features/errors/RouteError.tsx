import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { texts } from '../../locales';

/** Shown when a page fails to load or render (e.g. a page chunk missing after a new deployment). */
export function RouteError() {
  const error = useRouteError();
  return (
    <Result
      status="500"
      title={texts.errors.pageFailed}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {texts.errors.reload}
        </Button>
      }
    />
  );
}
