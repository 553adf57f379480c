/** Column visibility and order of a list page, as saved through the field-set calls. */

/** What the column settings need to know of a column. */
export interface ColumnInfo {
  key: string;
  /** Always shown and never offered in the settings (e.g. the actions column). */
  locked?: boolean;
}

/**
 * The columns to show: with no saved set (null), every column in its own order; otherwise locked
 * columns plus the saved keys, in the saved order. Saved keys that name no column are ignored, and
 * when nothing configurable would remain every column is shown.
 */
export function visibleColumns<C extends ColumnInfo>(
  columns: readonly C[],
  fields: readonly string[] | null,
): C[] {
  if (fields === null) return [...columns];
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const chosen = fields
    .map((key) => byKey.get(key))
    .filter((column): column is C => column !== undefined && !column.locked);
  if (chosen.length === 0) return [...columns];
  const order = new Map(chosen.map((column, index) => [column.key, index]));
  // Locked columns keep their place relative to the start or the end of the table.
  const lockedStart = columns
    .slice(
      0,
      columns.findIndex((c) => !c.locked),
    )
    .filter((c) => c.locked);
  const lockedEnd = columns.filter((c) => c.locked && !lockedStart.includes(c));
  return [
    ...lockedStart,
    ...chosen.sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0)),
    ...lockedEnd,
  ];
}

/** A configurable column in the settings dialog. */
export interface ColumnSetting {
  key: string;
  visible: boolean;
}

/** The settings dialog's rows: saved columns first in saved order, then the others, hidden. */
export function columnSettings(
  columns: readonly ColumnInfo[],
  fields: readonly string[] | null,
): ColumnSetting[] {
  const configurable = columns.filter((column) => !column.locked).map((column) => column.key);
  if (fields === null) return configurable.map((key) => ({ key, visible: true }));
  const saved = fields.filter((key) => configurable.includes(key));
  const rest = configurable.filter((key) => !saved.includes(key));
  return [...saved.map((key) => ({ key, visible: true })), ...rest.map((key) => ({ key, visible: false }))];
}

/** The keys to save: visible settings in their order. */
export function fieldsToSave(settings: readonly ColumnSetting[]): string[] {
  return settings.filter((setting) => setting.visible).map((setting) => setting.key);
}

/** A copy of the list with the item at `index` moved by `delta` places (kept inside the list). */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = Math.min(Math.max(index + delta, 0), list.length - 1);
  const copy = [...list];
  if (index < 0 || index >= list.length || target === index) return copy;
  const [item] = copy.splice(index, 1);
  if (item !== undefined) copy.splice(target, 0, item);
  return copy;
}

/** Width of a column that names none: enough for its title, and no less than this. */
export const MIN_COLUMN_WIDTH = 100;
/** Width of the row-selection checkbox column (antd's own). */
export const SELECTION_COLUMN_WIDTH = 32;

/** Pixels the title takes in a header cell: CJK characters 14 px, others 8 px, plus the cell padding. */
export function titleWidth(title: string): number {
  let width = 32;
  for (const char of title) width += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? 14 : 8;
  return width;
}

/** A column's width in pixels: its own when it names a number, else enough for its title. */
export function columnWidth(column: { title: string; width?: number | string }): number {
  return typeof column.width === 'number'
    ? column.width
    : Math.max(MIN_COLUMN_WIDTH, titleWidth(column.title));
}

/**
 * The columns with a width each and the table's scroll width, their sum. A wide table then scrolls
 * horizontally with every column at its width; none is squeezed under a fixed column.
 */
export function sizedColumns<C extends { title: string; width?: number | string }>(
  columns: readonly C[],
  selectable: boolean,
): { columns: (C & { width: number })[]; scrollX: number } {
  const sized = columns.map((column) => ({ ...column, width: columnWidth(column) }));
  const scrollX = sized.reduce((sum, column) => sum + column.width, selectable ? SELECTION_COLUMN_WIDTH : 0);
  return { columns: sized, scrollX };
}
