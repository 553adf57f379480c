import type { Generated } from 'kysely';

/** A driver's session on the public scan-code page (migration 0023); the ticket is kept hashed. */
export interface WaybillScanSessionTable {
  id: Generated<number>;
  merchant_id: number;
  scan_code_id: number;
  driver_id: number;
  /** SHA-256 of the ticket the page holds. */
  ticket_hash: string;
  expires_at: number;
  /** File URLs uploaded in this session, joined with ';'. */
  photos: string | null;
  upload_count: Generated<number>;
  /** The waybill it created; the session is over then. */
  waybill_id: number | null;
  created_at: number;
  updated_at: number;
}
