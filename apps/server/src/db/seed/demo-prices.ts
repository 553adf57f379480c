import { formatDate, yuanToFen } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** A demo transport price: a demo customer on a demo line, kept by the team that sees both. */
interface DemoPrice {
  merchant: 'logistics' | 'coal';
  teamCode: string;
  customer: string;
  line: string;
  cargo: string;
  /** 1 per ton, 2 per trip. */
  priceType: 1 | 2;
  yuan: string;
  /** 1 loading, 2 unloading, 3 the lesser. */
  settleWeight: 1 | 2 | 3;
  lossPermille: number;
  deductionYuan: string;
}

const DEMO_PRICES: readonly DemoPrice[] = [
  {
    merchant: 'coal',
    teamCode: '20000010010001',
    customer: '鄂尔多斯伊泰煤炭销售有限公司',
    line: '东胜至天津港煤炭干线',
    cargo: '动力煤',
    priceType: 1,
    yuan: '186.50',
    settleWeight: 3,
    lossPermille: 3,
    deductionYuan: '650.00',
  },
  {
    merchant: 'coal',
    teamCode: '20000010010001',
    customer: '天津港煤炭码头有限公司',
    line: '准格尔经大同至天津港煤炭干线',
    cargo: '动力煤',
    priceType: 1,
    yuan: '198.00',
    settleWeight: 2,
    lossPermille: 2,
    deductionYuan: '680.00',
  },
  {
    merchant: 'logistics',
    teamCode: '1000001001',
    customer: '天津港散货物流有限公司',
    line: '北京至天津京津塘干线',
    cargo: '',
    priceType: 1,
    yuan: '85.00',
    settleWeight: 1,
    lossPermille: 0,
    deductionYuan: '0',
  },
  {
    merchant: 'logistics',
    teamCode: '1000001001',
    customer: '石家庄鑫达钢铁贸易有限公司',
    line: '北京大兴至石家庄干线',
    cargo: '钢材',
    priceType: 2,
    yuan: '3200.00',
    settleWeight: 1,
    lossPermille: 0,
    deductionYuan: '0',
  },
  {
    merchant: 'logistics',
    teamCode: '1000001002',
    customer: '天津联华超市有限公司',
    line: '天津河西城配线',
    cargo: '',
    priceType: 2,
    yuan: '450.00',
    settleWeight: 1,
    lossPermille: 0,
    deductionYuan: '0',
  },
];

/**
 * Transport prices of the demo customers on the demo lines (after both are seeded), valid from the
 * start of last year to the end of next year, so that past and coming waybills find them.
 */
export async function seedDemoTransportPrices(
  tx: Kysely<Database>,
  merchantIds: ReadonlyMap<string, number>,
  userId: number,
  now: number,
): Promise<void> {
  const year = Number(formatDate(new Date(now)).slice(0, 4));
  for (const p of DEMO_PRICES) {
    const merchantId = merchantIds.get(p.merchant) as number;
    const customer = await tx
      .selectFrom('customer')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('customer_name', '=', p.customer)
      .executeTakeFirstOrThrow();
    const line = await tx
      .selectFrom('line')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('name', '=', p.line)
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('transport_price')
      .values({
        merchant_id: merchantId,
        team_code: p.teamCode,
        customer_id: customer.id,
        line_id: line.id,
        cargo: p.cargo,
        price_type: p.priceType,
        price_fen: yuanToFen(p.yuan),
        settle_weight: p.settleWeight,
        allowed_loss_permille: p.lossPermille,
        deduction_fen: yuanToFen(p.deductionYuan),
        start_date: `${year - 1}-01-01`,
        end_date: `${year + 1}-12-31`,
        remark: null,
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
