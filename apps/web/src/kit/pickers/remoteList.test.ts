import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RemoteFetch, RemoteListLoader, type RemoteListState } from './remoteList';

const plates = (from: number, count: number) => Array.from({ length: count }, (_, i) => `京A${from + i}`);

function loader(fetch: RemoteFetch<string> | undefined, extra: { accepts?: (k: string) => boolean } = {}) {
  const states: RemoteListState<string>[] = [];
  const errors: Error[] = [];
  const list = new RemoteListLoader<string>({
    fetch,
    onChange: (state) => states.push(state),
    onError: (error) => errors.push(error),
    ...extra,
  });
  return { list, states, errors };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RemoteListLoader', () => {
  it('loads 20 a page and the next page 300 ms after scrolling to the end', async () => {
    const fetch = vi.fn<RemoteFetch<string>>(async (pageNum, pageSize) =>
      plates((pageNum - 1) * pageSize, pageSize),
    );
    const { list } = loader(fetch);
    await list.search('');
    expect(fetch).toHaveBeenLastCalledWith(1, 20, '');
    expect(list.state).toMatchObject({ pageNum: 1, loading: false, done: false });
    expect(list.state.items).toHaveLength(20);

    list.scrolledToEnd();
    list.scrolledToEnd();
    await vi.advanceTimersByTimeAsync(299);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenLastCalledWith(2, 20, '');
    expect(list.state.items).toHaveLength(40);
    expect(list.state.items[20]).toBe('京A20');
  });

  it('stops when a page is shorter than the page size', async () => {
    const fetch = vi.fn<RemoteFetch<string>>(async (pageNum) =>
      pageNum === 1 ? plates(0, 20) : plates(20, 7),
    );
    const { list } = loader(fetch);
    await list.search('');
    list.scrolledToEnd();
    await vi.advanceTimersByTimeAsync(300);
    expect(list.state).toMatchObject({ pageNum: 2, done: true });
    list.scrolledToEnd();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stops when { list, total } says the total is reached', async () => {
    const { list } = loader(async () => ({ list: plates(0, 20), total: 20 }));
    await list.search('');
    expect(list.state.done).toBe(true);
  });

  it('searches a typed keyword after 600 ms of quiet, from page 1', async () => {
    const fetch = vi.fn<RemoteFetch<string>>(async (pageNum, pageSize) => plates(pageNum * 100, pageSize));
    const { list } = loader(fetch);
    await list.search('');
    list.scrolledToEnd();
    await vi.advanceTimersByTimeAsync(300);
    expect(list.state.pageNum).toBe(2);

    list.type('京');
    await vi.advanceTimersByTimeAsync(400);
    list.type('京A');
    await vi.advanceTimersByTimeAsync(599);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch).toHaveBeenLastCalledWith(1, 20, '京A');
    expect(list.state).toMatchObject({ keyword: '京A', pageNum: 1 });
    expect(list.state.items).toHaveLength(20);
  });

  it('drops the answer of a superseded search', async () => {
    const answers: Array<(page: string[]) => void> = [];
    const { list } = loader(() => new Promise((resolve) => answers.push(resolve)));
    void list.search('京A');
    void list.search('京B');
    answers[1]?.(['京B1']);
    await vi.advanceTimersByTimeAsync(0);
    answers[0]?.(['京A1']);
    await vi.advanceTimersByTimeAsync(0);
    expect(list.state).toMatchObject({ keyword: '京B', items: ['京B1'] });
  });

  it('does not search keywords it does not accept', async () => {
    const fetch = vi.fn<RemoteFetch<string>>(async () => ['京A1']);
    const { list } = loader(fetch, { accepts: (keyword) => keyword.length >= 2 });
    await list.search('京');
    expect(fetch).not.toHaveBeenCalled();
    expect(list.state).toMatchObject({ keyword: '京', items: [], done: true });
    await list.search('京A');
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("rejects with 未传入筛选接口 ('no filter API passed in') without a list function", async () => {
    const { list, errors } = loader(undefined);
    await list.search('');
    expect(errors.map((e) => e.message)).toEqual(['未传入筛选接口']);
    expect(list.state).toMatchObject({ items: [], loading: false, done: true });
  });

  it('shows an empty list when the call fails', async () => {
    const { list, errors } = loader(() => Promise.reject(new Error('接口不存在')));
    await list.search('');
    expect(list.state.items).toEqual([]);
    expect(list.state.error?.message).toBe('接口不存在');
    expect(errors).toHaveLength(1);
  });
});
