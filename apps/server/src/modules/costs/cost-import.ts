import {
  COST_PAY_METHOD_LABELS,
  COST_RECORD,
  COST_TYPE,
  COST_TYPE_LABELS,
  type CostType,
} from '@fleet/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { DATE_MESSAGE, isDateText, optionalText } from '../../http/form-fields';
import type { ImportRowError } from '../file-tasks/file-tasks.contract';
import { trucksByPlate } from '../trucks/trucks-by-plate';
import { customCostTypes, quantityField, yuanField } from './cost-form';
import { type CostInsert, costRuleError } from './cost-write';

// The import of costs (费用管理): one sheet row a cost by plate, date and type name (built-in or an
// enabled custom cost fee type of the merchant), checked whole before any row is written.

const L = COST_RECORD.labels;
type Db = Kysely<Database>;

/** One row of the import sheet. */
export interface CostImportRow {
  carNo: string;
  costDate: string;
  typeName: string;
  amount: number;
  quantity: number | null;
  unitPrice: number | null;
  payMethod: number | null;
  place: string | null;
  remark: string | null;
}

export const importRow = z.object({
  carNo: z.string().min(1, `请填写${L.truckId}`).max(20, `${L.truckId}最多20个字符`),
  costDate: z.string().min(1, `请填写${L.costDate}`).refine(isDateText, `${L.costDate}: ${DATE_MESSAGE}`),
  typeName: z.string().min(1, `请填写${L.costType}`),
  amount: yuanField(L.amount, true).transform((v) => v as number),
  quantity: quantityField,
  unitPrice: yuanField(L.unitPrice, false),
  payMethod: z.string().transform((text, ctx) => {
    if (text === '') return null;
    const found = Object.entries(COST_PAY_METHOD_LABELS).find(([, name]) => name === text);
    if (found) return Number(found[0]);
    ctx.addIssue({
      code: 'custom',
      message: `${L.payMethod}应为${Object.values(COST_PAY_METHOD_LABELS).join('、')}之一`,
    });
    return z.NEVER;
  }),
  place: optionalText(100),
  remark: optionalText(200),
});

/** The sheet's rows resolved against the database: each row's insert or its error. */
export async function resolveImport(
  db: Db,
  auth: AuthContext,
  rows: readonly CostImportRow[],
): Promise<{ inserts: CostInsert[]; errors: ImportRowError[] }> {
  const trucks = await trucksByPlate(
    db,
    auth.scope,
    rows.map((r) => r.carNo),
  );
  const custom = new Map((await customCostTypes(db, auth)).map((t) => [t.fee_name, t.id]));
  const builtIn = new Map(
    Object.entries(COST_TYPE_LABELS)
      .filter(([v]) => Number(v) !== COST_TYPE.custom)
      .map(([v, name]) => [name, Number(v)]),
  );
  const errors: ImportRowError[] = [];
  const inserts: CostInsert[] = [];
  rows.forEach((r, i) => {
    const row = i + 2;
    const truck = trucks.get(r.carNo);
    if (!truck) {
      errors.push({ row, message: `${L.truckId}: ${r.carNo}不存在或无权操作` });
      return;
    }
    const type = builtIn.get(r.typeName);
    const feeTypeId = type ? null : custom.get(r.typeName);
    if (!type && !feeTypeId) {
      errors.push({
        row,
        message: `${L.costType}: ${r.typeName}不是加油、路桥费、保养、杂费或已启用的自定义费用类型`,
      });
      return;
    }
    const insert: CostInsert = {
      merchantId: auth.merchantId,
      teamCode: truck.team_code,
      truckId: truck.id,
      costType: (type ?? COST_TYPE.custom) as CostType,
      feeTypeId: feeTypeId ?? null,
      costDate: r.costDate,
      amount: r.amount,
      quantity: r.quantity,
      unitPrice: r.unitPrice,
      payMethod: r.payMethod,
      place: r.place,
      remark: r.remark,
      source: 2,
    };
    const error = costRuleError(insert);
    if (error) errors.push({ row, message: error });
    else inserts.push(insert);
  });
  return { inserts, errors };
}
