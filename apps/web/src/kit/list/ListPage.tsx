import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Space,
  Table,
  type TableColumnType,
  Tooltip,
  Typography,
} from 'antd';
import { type Key, type ReactNode, type Ref, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import type { ListPage as ListData } from '../../api/common';
import { texts } from '../../locales';
import { WithQueryClient } from '../query';
import { ColumnSettingsDialog } from './ColumnSettingsDialog';
import { sizedColumns, visibleColumns } from './columns';
import { ListPagination } from './ListPagination';
import { clampPage, FIRST_PAGE, type PageState } from './paging';
import { type SearchField, SearchForm } from './SearchForm';
import { useFieldSet } from './useFieldSet';
import { useStickyTop } from './useStickyTop';

const t = texts.kit;

/** A table column: antd's column with a required key and a text title. */
export interface ListColumn<Row> extends Omit<TableColumnType<Row>, 'key' | 'title'> {
  key: string;
  title: string;
  /** Always shown, not offered in the column settings (e.g. 操作). */
  locked?: boolean;
}

/** A toolbar button acting on the selected rows (disabled while none is selected). */
export interface BatchAction<Row> {
  key: string;
  label: string;
  danger?: boolean;
  onClick: (rows: Row[]) => void;
}

export interface ListToolbar<Row> {
  /** Shows 新增 (or `addText`). */
  onAdd?: () => void;
  addText?: string;
  /** Shows 导入. */
  onImport?: () => void;
  /** Shows 导出; receives the current search query. */
  onExport?: (query: Record<string, unknown>) => unknown;
  batchActions?: readonly BatchAction<Row>[];
  /** More buttons after the built-in ones. */
  extra?: ReactNode;
}

/** What a page can do with its list. */
export interface ListPageHandle {
  /** Clears the ticked rows (they were acted on) and fetches the current page again. */
  reload: () => Promise<void>;
  /** The current search query (without paging). */
  query: () => Record<string, unknown>;
}

/** The list function: search query plus pageNum and pageSize → `{ list, total }`. */
export type ListFetch<Row> = (
  params: Record<string, unknown> & PageState,
  signal: AbortSignal,
) => Promise<ListData<Row>>;

export interface ListPageProps<Row> {
  /** Names the list in the cache; also the default field-set page key. */
  listKey: string;
  fetchList: ListFetch<Row>;
  columns: readonly ListColumn<Row>[];
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  searchFields?: readonly SearchField[];
  /** Initial values of the search form (also the first query). */
  initialQuery?: Record<string, unknown>;
  toolbar?: ListToolbar<Row>;
  /** Column settings saved per user under this page key (GET/POST /message/…FieldSet). */
  columnSettingsKey?: string;
  title?: ReactNode;
  ref?: Ref<ListPageHandle>;
}

function ListPageInner<Row extends object>(props: ListPageProps<Row>) {
  const {
    listKey,
    fetchList,
    columns,
    rowKey,
    searchFields,
    initialQuery,
    toolbar,
    columnSettingsKey,
    title,
    ref,
  } = props;
  const { message } = App.useApp();
  const client = useQueryClient();
  const [query, setQuery] = useState<Record<string, unknown>>(() => ({ ...initialQuery }));
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  // Each submitted search counts, so 查询 and 重置 always fetch afresh, even for a query seen before.
  const [searchCount, setSearchCount] = useState(0);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: Row[] }>({ keys: [], rows: [] });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const fieldSet = useFieldSet(columnSettingsKey);

  const queryKey = useMemo(
    () => ['list', listKey, query, page, searchCount],
    [listKey, query, page, searchCount],
  );
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchList({ ...query, ...page }, signal),
    placeholderData: keepPreviousData,
    enabled: fieldSet.loaded,
  });
  const total = list.data?.total ?? 0;
  const rows = list.data?.list ?? [];

  // A page past the end (e.g. after deleting its last row) moves back to the last page.
  useEffect(() => {
    if (!list.isPlaceholderData && list.data && rows.length === 0 && page.pageNum > 1) {
      const last = clampPage(page.pageNum, total, page.pageSize);
      if (last !== page.pageNum) setPage({ ...page, pageNum: last });
    }
  }, [list.data, list.isPlaceholderData, rows.length, page, total]);

  const reload = async () => {
    setSelected({ keys: [], rows: [] });
    await client.invalidateQueries({ queryKey: ['list', listKey] });
  };
  useImperativeHandle(ref, () => ({ reload, query: () => query }));

  const batch = toolbar?.batchActions ?? [];
  // Every column has a width and the table scrolls by their sum, its scroll bar kept in view.
  const table = useMemo(() => {
    const sized = sizedColumns(visibleColumns(columns, fieldSet.fields), batch.length > 0);
    const shown = sized.columns.map(({ locked: _locked, ...column }) => column as TableColumnType<Row>);
    return { columns: shown, scrollX: sized.scrollX };
  }, [columns, fieldSet.fields, batch.length]);
  const stickyTop = useStickyTop();

  const search = (next: Record<string, unknown>) => {
    setQuery(next);
    setPage((current) => ({ ...current, pageNum: 1 }));
    setSearchCount((count) => count + 1);
    setSelected({ keys: [], rows: [] });
  };

  return (
    <Flex vertical gap={12}>
      {searchFields && searchFields.length > 0 && (
        <Card size="small">
          <SearchForm fields={searchFields} initialValues={initialQuery} onSearch={search} />
        </Card>
      )}
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Space wrap>
            {title && <Typography.Text strong>{title}</Typography.Text>}
            {toolbar?.onAdd && (
              <Button type="primary" onClick={toolbar.onAdd}>
                {toolbar.addText ?? t.common.add}
              </Button>
            )}
            {toolbar?.onImport && <Button onClick={toolbar.onImport}>{t.common.import}</Button>}
            {toolbar?.onExport && (
              <Button onClick={() => toolbar.onExport?.(query)}>{t.common.export}</Button>
            )}
            {batch.map((action) => (
              <Button
                key={action.key}
                danger={action.danger}
                disabled={selected.rows.length === 0}
                onClick={() => action.onClick(selected.rows)}
              >
                {action.label}
              </Button>
            ))}
            {batch.length > 0 && selected.rows.length > 0 && (
              <Typography.Text type="secondary">{t.list.selected(selected.rows.length)}</Typography.Text>
            )}
            {toolbar?.extra}
          </Space>
          <Space>
            <Tooltip title={t.list.refresh}>
              <Button icon={<ReloadOutlined />} aria-label={t.list.refresh} onClick={() => void reload()} />
            </Tooltip>
            {columnSettingsKey && (
              <Tooltip title={t.list.columns}>
                <Button
                  icon={<SettingOutlined />}
                  aria-label={t.list.columns}
                  onClick={() => setSettingsOpen(true)}
                />
              </Tooltip>
            )}
          </Space>
        </Flex>
        <Table<Row>
          rowKey={rowKey}
          columns={table.columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: table.scrollX }}
          sticky={{ offsetHeader: stickyTop, offsetScroll: 0 }}
          size="middle"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.common.empty} /> }}
          rowSelection={
            batch.length > 0
              ? {
                  selectedRowKeys: selected.keys,
                  onChange: (keys, selectedRows) => setSelected({ keys, rows: selectedRows }),
                }
              : undefined
          }
        />
        <ListPagination total={total} page={page} onChange={setPage} />
      </Card>
      {columnSettingsKey && (
        <ColumnSettingsDialog
          open={settingsOpen}
          columns={columns}
          fields={fieldSet.fields}
          saving={fieldSet.saving}
          onClose={() => setSettingsOpen(false)}
          onSave={(fields) =>
            void fieldSet.save(fields).then(() => {
              void message.success(t.list.columnsSaved);
              setSettingsOpen(false);
            })
          }
        />
      )}
    </Flex>
  );
}

/**
 * A list page: search form, toolbar (add, import, export, batch actions), table, the spec's
 * pagination, loading and 暂无数据 states, and optional per-user column settings. The list function
 * runs through react-query with the current query and page; list calls should pass `dedupe: true`.
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  return (
    <WithQueryClient>
      <ListPageInner<Row> {...props} />
    </WithQueryClient>
  );
}
