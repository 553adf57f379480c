import type { Generated } from 'kysely';

export interface UploadedFileTable {
  id: Generated<number>;
  merchant_id: number;
  user_id: number;
  stored_path: string;
  original_name: string;
  mime_type: string;
  size: number;
  created_at: number;
}
