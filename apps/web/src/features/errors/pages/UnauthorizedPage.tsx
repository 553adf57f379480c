import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { texts } from '../../../locales';
import { HOME_PATH } from '../../../router/paths';

export default function UnauthorizedPage() {
  return (
    <Result
      status="403"
      title={texts.errors.unauthorizedTitle}
      subTitle={texts.errors.unauthorized}
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">{texts.app.backHome}</Button>
        </Link>
      }
    />
  );
}
