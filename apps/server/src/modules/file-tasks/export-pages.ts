/**
 * The rows of an export in pages of at most `pageSize`, highest id first, each page read below the
 * last id of the page before (keyset paging: no offset to skip, steady while rows are added).
 * `page(before)` reads one page of the filtered query ordered by id descending, below `before` when
 * it is given.
 */
export async function* pagesByIdDesc<R extends { id: number }>(
  pageSize: number,
  page: (before: number | undefined) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await page(before);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    before = rows[rows.length - 1]?.id;
  }
}
