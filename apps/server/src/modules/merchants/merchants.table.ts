import type { Generated } from 'kysely';

export interface MerchantTable {
  id: Generated<number>;
  name: string;
  /** Gross-margin red line in hundredths of a percent (6000 = 60%). */
  gross_margin_red_line: Generated<number>;
  status: Generated<number>;
  created_at: number;
}
