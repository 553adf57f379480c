import { PICK_LIST_PAGE_SIZE } from '@fleet/domain';
import { Select, Spin } from 'antd';
import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { texts } from '../../locales';
import { missingListFunction, RemoteListLoader, type RemoteListState, type RemotePage } from './remoteList';

/** An option of a remote select. */
export interface RemoteOption {
  value: string | number;
  label: ReactNode;
  disabled?: boolean;
}

export type RemoteValue = string | number | Array<string | number>;

export interface RemoteSelectProps<T, E = undefined> {
  id?: string;
  /**
   * The list function: (pageNum, pageSize, keyword, extra) → `{ list, total }` or an array. Without
   * it the select logs 未传入筛选接口 ('no filter API passed in') and shows 无数据.
   */
  fetchOptions?: (pageNum: number, pageSize: number, keyword: string, extra: E) => Promise<RemotePage<T>>;
  /** Extra filter handed to the list function; a change reloads the list. */
  extra?: E;
  /** How an item shows. */
  toOption: (item: T) => RemoteOption;
  value?: RemoteValue | null;
  onChange?: (value: RemoteValue | undefined, items: T[]) => void;
  multiple?: boolean;
  /** 20 by default. */
  pageSize?: number;
  /** Shown while the search box is empty (or holds a keyword that is not searched), e.g. a history. */
  idleOptions?: readonly RemoteOption[];
  /** Only keywords it accepts are sent to the server (e.g. at least 2 characters). */
  acceptsKeyword?: (keyword: string) => boolean;
  /** Options for values chosen before (e.g. when editing), so they show their label. */
  selectedOptions?: readonly RemoteOption[];
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
}

const EMPTY: RemoteListState<never> = { keyword: '', pageNum: 0, items: [], loading: false, done: false };
const NEAR_END_PX = 24;

/**
 * Remote-search select (spec core sections 4 and 9): 20 a page, the next page 300 ms after
 * scrolling to the end, typed searches 600 ms after the last keystroke from page 1, no further page
 * once one comes back short. A failed list call shows 无数据.
 */
export function RemoteSelect<T, E = undefined>(props: RemoteSelectProps<T, E>) {
  const { fetchOptions, extra, toOption, value, onChange, multiple, idleOptions, acceptsKeyword } = props;
  const [list, setList] = useState<RemoteListState<T>>(EMPTY);
  const [searchText, setSearchText] = useState('');
  const latest = useRef({ fetchOptions, extra, acceptsKeyword });
  useLayoutEffect(() => {
    latest.current = { fetchOptions, extra, acceptsKeyword };
  });
  const known = useRef(new Map<string | number, T>());

  const loader = useMemo(
    () =>
      new RemoteListLoader<T>({
        pageSize: props.pageSize ?? PICK_LIST_PAGE_SIZE,
        fetch: (pageNum, pageSize, keyword) => {
          const { fetchOptions: fetchPage, extra: filter } = latest.current;
          if (!fetchPage) return Promise.reject(missingListFunction());
          return fetchPage(pageNum, pageSize, keyword, filter as E);
        },
        accepts: (keyword) => latest.current.acceptsKeyword?.(keyword) ?? true,
        onChange: setList,
        onError: (error) => console.error(error.message),
      }),
    [props.pageSize],
  );
  useEffect(() => () => loader.dispose(), [loader]);

  // A new filter starts over.
  const extraKey = JSON.stringify(extra ?? null);
  const lastExtraKey = useRef(extraKey);
  useEffect(() => {
    if (lastExtraKey.current === extraKey) return;
    lastExtraKey.current = extraKey;
    void loader.search(searchText);
  }, [extraKey, loader, searchText]);

  const idle =
    (idleOptions?.length ?? 0) > 0 &&
    (searchText === '' || (acceptsKeyword ? !acceptsKeyword(searchText) : false));

  const options = useMemo(() => {
    const loaded = list.items.map((item) => {
      const option = toOption(item);
      known.current.set(option.value, item);
      return option;
    });
    const base = idle ? [...(idleOptions ?? [])] : loaded;
    // Chosen values keep their label; during a search only the matches show (the select remembers labels).
    if (searchText !== '') return base;
    const present = new Set(base.map((option) => option.value));
    const selected = (props.selectedOptions ?? []).filter((option) => !present.has(option.value));
    return [...base, ...selected];
  }, [list.items, toOption, idle, idleOptions, props.selectedOptions, searchText]);

  const notFound = list.loading ? <Spin size="small" /> : texts.kit.common.noData;

  return (
    <Select<RemoteValue>
      id={props.id}
      style={{ minWidth: 180, ...props.style }}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      options={options}
      placeholder={props.placeholder ?? texts.kit.pickers.remotePlaceholder}
      disabled={props.disabled}
      allowClear={props.allowClear ?? true}
      loading={list.loading}
      maxTagCount="responsive"
      notFoundContent={notFound}
      showSearch={{
        filterOption: false,
        searchValue: searchText,
        autoClearSearchValue: true,
        onSearch: (keyword) => {
          setSearchText(keyword);
          loader.type(keyword);
        },
      }}
      onOpenChange={(open) => {
        if (open && list.pageNum === 0 && !list.loading && !idle) void loader.search(searchText);
      }}
      onPopupScroll={(event) => {
        const target = event.currentTarget;
        if (target.scrollTop + target.clientHeight >= target.scrollHeight - NEAR_END_PX)
          loader.scrolledToEnd();
      }}
      onChange={(next) => {
        const values = next === undefined ? [] : Array.isArray(next) ? next : [next];
        const items = values.flatMap((v) => {
          const item = known.current.get(v);
          return item === undefined ? [] : [item];
        });
        onChange?.(next, items);
      }}
      onClear={() => {
        setSearchText('');
      }}
    />
  );
}
