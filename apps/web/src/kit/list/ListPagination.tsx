import { PAGE_SIZES, showPagination } from '@fleet/domain';
import { Flex, Pagination, Select } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { texts } from '../../locales';
import { debouncePaging, type PageState, pageAfterSizeChange } from './paging';

const t = texts.kit.list;

export interface ListPaginationProps {
  total: number;
  /** The page the list shows. */
  page: PageState;
  /** Called 100 ms after the last pager change. */
  onChange: (page: PageState) => void;
  disabled?: boolean;
}

/**
 * The spec's pagination: layout total, sizes, prev, pager, next, jumper; sizes 10/20/30/50; at most
 * 7 pager items (antd's pager: first, last and the pages around the current one, with jumpers);
 * changes reach the list debounced 100 ms; hidden when total < 1.
 */
export function ListPagination({ total, page, onChange, disabled }: ListPaginationProps) {
  const [shown, setShown] = useState<PageState>(page);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const commit = useMemo(() => debouncePaging((next) => onChangeRef.current(next)), []);

  useEffect(() => setShown(page), [page]);
  useEffect(() => () => commit.cancel(), [commit]);

  if (!showPagination(total)) return null;
  const change = (next: PageState) => {
    setShown(next);
    commit(next);
  };
  return (
    <Flex justify="flex-end" align="center" gap={12} wrap style={{ marginTop: 16 }}>
      <span>{t.total(total)}</span>
      <Select
        aria-label={t.pageSize(shown.pageSize)}
        value={shown.pageSize}
        disabled={disabled}
        style={{ width: 110 }}
        options={PAGE_SIZES.map((size) => ({ value: size, label: t.pageSize(size) }))}
        onChange={(size: number) => change(pageAfterSizeChange(shown, size, total))}
      />
      <Pagination
        total={total}
        current={shown.pageNum}
        pageSize={shown.pageSize}
        disabled={disabled}
        showSizeChanger={false}
        showQuickJumper
        showLessItems={false}
        onChange={(pageNum) => change({ pageNum, pageSize: shown.pageSize })}
      />
    </Flex>
  );
}
