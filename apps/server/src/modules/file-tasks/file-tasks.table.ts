import type { Generated } from 'kysely';

export type FileTaskKind = 'export' | 'import';
export type FileTaskStatus = 'waiting' | 'running' | 'done' | 'failed';

/** A spreadsheet export or import of one user, listed on the import/export query page. */
export interface FileTaskTable {
  id: Generated<number>;
  merchant_id: number;
  /** The team of the user who started it. */
  team_code: string;
  user_id: number;
  kind: FileTaskKind;
  /** e.g. 车辆列表. */
  title: string;
  /** The exported file's download name, or the uploaded file's name. */
  file_name: string;
  status: FileTaskStatus;
  /** 0-100. */
  progress: number;
  total_rows: number;
  done_rows: number;
  /** Exported file, relative to UPLOAD_DIR; null for imports and unfinished exports. */
  file_path: string | null;
  file_size: number | null;
  /** Why it failed (for imports: the first row errors), in Chinese. */
  error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}
