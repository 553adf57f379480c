import { describe, expect, it } from 'vitest';
import { pagesByIdDesc } from './export-pages';

/** A table of ids read like `where id < before order by id desc limit size`, recording each call. */
function table(ids: number[], size: number) {
  const calls: (number | undefined)[] = [];
  const page = async (before: number | undefined) => {
    calls.push(before);
    return ids
      .filter((id) => before === undefined || id < before)
      .sort((a, b) => b - a)
      .slice(0, size)
      .map((id) => ({ id }));
  };
  return { calls, page };
}

async function collect(ids: number[], size: number) {
  const t = table(ids, size);
  const pages: number[][] = [];
  for await (const rows of pagesByIdDesc(size, t.page)) pages.push(rows.map((r) => r.id));
  return { pages, calls: t.calls };
}

describe('pagesByIdDesc', () => {
  it('reads every row once, highest id first, each page below the last id of the one before', async () => {
    expect(await collect([3, 9, 1, 7, 5], 2)).toEqual({
      pages: [[9, 7], [5, 3], [1]],
      calls: [undefined, 7, 3],
    });
  });

  it('stops on an empty page when the rows fill the last page exactly, and on no rows at all', async () => {
    expect(await collect([4, 3, 2, 1], 2)).toEqual({
      pages: [
        [4, 3],
        [2, 1],
      ],
      calls: [undefined, 3, 1],
    });
    expect(await collect([], 2)).toEqual({ pages: [], calls: [undefined] });
  });
});
