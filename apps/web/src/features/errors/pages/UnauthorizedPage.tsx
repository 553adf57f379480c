import { texts } from '../../../locales';
import { ErrorPage } from '../ErrorPage';

export default function UnauthorizedPage() {
  return <ErrorPage status="403" code={texts.errors.unauthorizedTitle} message={texts.errors.unauthorized} />;
}
