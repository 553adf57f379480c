import { Button, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import { texts } from '../../locales';
import { HOME_PATH } from '../../router/paths';
import { useBrandHead } from '../../shell/useBrand';
import styles from './ErrorPage.module.css';

interface ErrorPageProps {
  status: '404' | '403';
  code: string;
  message: string;
}

/** 404 and 401: a full page under the brand's bar, styled like the shell, with ways back. */
export function ErrorPage({ status, code, message }: ErrorPageProps) {
  const brand = useBrandHead(code);
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Link to={HOME_PATH} className={styles.brand}>
          <img src={brand.logo} alt="" className={styles.logo} />
          <span>{brand.title}</span>
        </Link>
      </header>
      <main className={styles.main}>
        <Result
          className={styles.result}
          status={status}
          title={code}
          subTitle={message}
          extra={[
            <Link key="home" to={HOME_PATH}>
              <Button type="primary">{texts.app.backHome}</Button>
            </Link>,
            <Button key="back" onClick={() => navigate(-1)}>
              {texts.errors.goBack}
            </Button>,
          ]}
        />
      </main>
    </div>
  );
}
