import { Alert, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { texts } from '../../locales';

const t = texts.maintenance.jumped;

/**
 * The ids a due reminder's 去处理 put in the page address (whole numbers, or text of `texts`), or
 * undefined when the page was opened without them.
 */
export function jumpIds(
  search: URLSearchParams,
  ids: readonly string[],
  texts: readonly string[] = [],
): Record<string, number | string> | undefined {
  const query: Record<string, number | string> = {};
  for (const key of ids) {
    const value = Number(search.get(key) ?? '');
    if (Number.isSafeInteger(value) && value > 0) query[key] = value;
  }
  if (Object.keys(query).length === 0) return undefined;
  for (const key of texts) {
    const value = search.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

/** Says the list is narrowed to a reminder's item, with 查看全部 back to the whole list. */
export function JumpNotice({ text }: { text: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={text}
      action={<Typography.Link onClick={() => void navigate(pathname)}>{t.showAll}</Typography.Link>}
      data-testid="jump-notice"
    />
  );
}
