export interface UserFieldSetTable {
  user_id: number;
  page_key: string;
  /** JSON array of the visible column keys, in order. */
  fields: string;
  updated_at: number;
}
