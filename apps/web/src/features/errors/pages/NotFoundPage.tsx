import { texts } from '../../../locales';
import { ErrorPage } from '../ErrorPage';

export default function NotFoundPage() {
  return <ErrorPage status="404" code={texts.errors.notFoundTitle} message={texts.errors.notFound} />;
}
