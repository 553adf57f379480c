import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { texts } from '../../../locales';
import { HOME_PATH } from '../../../router/paths';

export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title={texts.errors.notFoundTitle}
      subTitle={texts.errors.notFound}
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">{texts.app.backHome}</Button>
        </Link>
      }
    />
  );
}
