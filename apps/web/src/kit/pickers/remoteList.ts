import { PICK_LIST_PAGE_SIZE, SCROLL_LOAD_DELAY_MS, SEARCH_DEBOUNCE_MS } from '@fleet/domain';
import { texts } from '../../locales';

/** A page of a pick list as list calls answer: `{ list, total }` or a bare array. */
export type RemotePage<T> = { list: T[]; total: number } | T[];

/** The list function of a remote select. */
export type RemoteFetch<T> = (pageNum: number, pageSize: number, keyword: string) => Promise<RemotePage<T>>;

export interface RemoteListState<T> {
  /** The keyword of the items shown. */
  keyword: string;
  /** The last page loaded (0 before any). */
  pageNum: number;
  items: T[];
  loading: boolean;
  /** No further page: the last one was shorter than the page size, or the total is reached. */
  done: boolean;
  /** The last failure, if the last load failed. */
  error?: Error;
}

export interface RemoteListOptions<T> {
  fetch?: RemoteFetch<T>;
  pageSize?: number;
  onChange: (state: RemoteListState<T>) => void;
  /** Whether a keyword is searched at all (e.g. at least 2 characters); otherwise the list is empty. */
  accepts?: (keyword: string) => boolean;
  /** Told of every failed load; the console by default. */
  onError?: (error: Error) => void;
  searchDelayMs?: number;
  scrollDelayMs?: number;
}

/** 'no filter API passed in', as the spec has a remote select without a list function reject. */
export function missingListFunction(): Error {
  return new Error(texts.kit.pickers.noFilterApi);
}

function pageItems<T>(page: RemotePage<T>): { items: T[]; total?: number } {
  if (Array.isArray(page)) return { items: page };
  return { items: Array.isArray(page?.list) ? page.list : [], total: Number(page?.total) };
}

/**
 * The paging of a remote select (spec core sections 4 and 9): typed searches wait 600 ms and start
 * again at page 1; scrolling to the end loads the next page of 20 after 300 ms; loading stops when
 * a page comes back shorter than the page size. Answers of superseded loads are dropped.
 */
export class RemoteListLoader<T> {
  state: RemoteListState<T> = { keyword: '', pageNum: 0, items: [], loading: false, done: false };
  private readonly pageSize: number;
  private generation = 0;
  private typing: ReturnType<typeof setTimeout> | undefined;
  private scrolling: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: RemoteListOptions<T>) {
    this.pageSize = options.pageSize ?? PICK_LIST_PAGE_SIZE;
  }

  /** A keystroke: after 600 ms without another, page 1 of the keyword is loaded. */
  type(keyword: string): void {
    this.clearTimers();
    this.typing = setTimeout(
      () => void this.search(keyword),
      this.options.searchDelayMs ?? SEARCH_DEBOUNCE_MS,
    );
  }

  /** Loads page 1 of a keyword now. */
  search(keyword: string): Promise<void> {
    this.clearTimers();
    this.generation += 1;
    if (this.options.accepts && !this.options.accepts(keyword)) {
      this.set({ keyword, pageNum: 0, items: [], loading: false, done: true });
      return Promise.resolve();
    }
    this.set({ keyword, pageNum: 0, items: [], loading: true, done: false });
    return this.load(1);
  }

  /** The dropdown was scrolled to its end: after 300 ms the next page, unless the list is complete. */
  scrolledToEnd(): void {
    if (this.scrolling !== undefined) return;
    this.scrolling = setTimeout(() => {
      this.scrolling = undefined;
      if (this.state.loading || this.state.done || this.state.pageNum === 0) return;
      this.set({ ...this.state, loading: true });
      void this.load(this.state.pageNum + 1);
    }, this.options.scrollDelayMs ?? SCROLL_LOAD_DELAY_MS);
  }

  /** Stops timers and ignores answers still on their way. */
  dispose(): void {
    this.clearTimers();
    this.generation += 1;
  }

  private async load(pageNum: number): Promise<void> {
    const generation = this.generation;
    const { keyword } = this.state;
    try {
      const fetch = this.options.fetch;
      if (!fetch) throw missingListFunction();
      const { items, total } = pageItems(await fetch(pageNum, this.pageSize, keyword));
      if (generation !== this.generation) return;
      const all = pageNum === 1 ? items : [...this.state.items, ...items];
      const done =
        items.length < this.pageSize ||
        (total !== undefined && Number.isFinite(total) && all.length >= total);
      this.set({ keyword, pageNum, items: all, loading: false, done });
    } catch (cause) {
      if (generation !== this.generation) return;
      const error = cause instanceof Error ? cause : new Error(String(cause));
      this.set({ ...this.state, loading: false, done: true, error });
      (this.options.onError ?? ((e: Error) => console.error(e.message)))(error);
    }
  }

  private set(state: RemoteListState<T>): void {
    this.state = state;
    this.options.onChange(state);
  }

  private clearTimers(): void {
    if (this.typing !== undefined) clearTimeout(this.typing);
    if (this.scrolling !== undefined) clearTimeout(this.scrolling);
    this.typing = undefined;
    this.scrolling = undefined;
  }
}
