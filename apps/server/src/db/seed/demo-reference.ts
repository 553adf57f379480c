import { creditCodeCheckChar } from '@fleet/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

type MerchantKey = 'logistics' | 'coal';

interface DemoCustomer {
  merchant: MerchantKey;
  teamCode: string;
  name: string;
  /** The first 17 characters of the unified social credit code; the check character is computed. */
  credit17: string;
  type: 1 | 2 | 3;
  contact: string;
  phone: string;
  address: string;
  /** 1 cash, 2 monthly, 3 after `days` days. */
  settlement: 1 | 2 | 3;
  days: number;
}

/**
 * Customers of the demo: held by headquarters and the fleets, so that every team below them picks
 * them (reference data is shared down the team tree).
 */
export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    merchant: 'logistics',
    teamCode: '1000001',
    name: '北京华联商贸有限公司',
    credit17: '91110105MA01B2C3D',
    type: 3,
    contact: '刘经理',
    phone: '13911020301',
    address: '北京市朝阳区西大望路甲23号',
    settlement: 2,
    days: 0,
  },
  {
    merchant: 'logistics',
    teamCode: '1000001001',
    name: '天津港散货物流有限公司',
    credit17: '91120116MA05K8L9M',
    type: 2,
    contact: '赵主管',
    phone: '13821045562',
    address: '天津市滨海新区天津港散货物流中心',
    settlement: 3,
    days: 30,
  },
  {
    merchant: 'logistics',
    teamCode: '1000001001',
    name: '石家庄鑫达钢铁贸易有限公司',
    credit17: '91130104MA0CD1E2F',
    type: 1,
    contact: '孙经理',
    phone: '13731190872',
    address: '河北省石家庄市长安区建设北大街',
    settlement: 2,
    days: 0,
  },
  {
    merchant: 'logistics',
    teamCode: '1000001002',
    name: '天津联华超市有限公司',
    credit17: '91120103MA06G3H4J',
    type: 2,
    contact: '周店长',
    phone: '13602135408',
    address: '天津市河西区友谊路',
    settlement: 1,
    days: 0,
  },
  {
    merchant: 'coal',
    teamCode: '2000001',
    name: '鄂尔多斯伊泰煤炭销售有限公司',
    credit17: '91150602MA0N5P6Q7',
    type: 1,
    contact: '高科长',
    phone: '15847701236',
    address: '内蒙古自治区鄂尔多斯市东胜区天骄北路',
    settlement: 2,
    days: 0,
  },
  {
    merchant: 'coal',
    teamCode: '2000001001',
    name: '天津港煤炭码头有限公司',
    credit17: '91120116MA07R8T9U',
    type: 2,
    contact: '马调度',
    phone: '13820467719',
    address: '天津市滨海新区天津港南疆港区',
    settlement: 3,
    days: 45,
  },
];

interface DemoAddress {
  merchant: MerchantKey;
  teamCode: string;
  name: string;
  address: string;
  lng: number;
  lat: number;
  /** 1 loading, 2 unloading, 3 parking, 4 refuelling, 5 repair, 6 other. */
  type: number;
  contact: string | null;
  phone: string | null;
}

export const DEMO_ADDRESSES: DemoAddress[] = [
  {
    merchant: 'logistics',
    teamCode: '1000001',
    name: '北京朝阳维修站',
    address: '北京市朝阳区东五环外王四营',
    lng: 116.5462,
    lat: 39.8397,
    type: 5,
    contact: '钱师傅',
    phone: '13701155623',
  },
  {
    merchant: 'logistics',
    teamCode: '1000001',
    name: '京津塘高速加油站',
    address: '河北省廊坊市广阳区京津塘高速',
    lng: 116.7391,
    lat: 39.5273,
    type: 4,
    contact: null,
    phone: null,
  },
  {
    merchant: 'logistics',
    teamCode: '1000001001',
    name: '北京大兴物流园',
    address: '北京市大兴区京开高速旁物流园',
    lng: 116.3281,
    lat: 39.7265,
    type: 1,
    contact: '吴主管',
    phone: '13911867240',
  },
  {
    merchant: 'logistics',
    teamCode: '1000001001',
    name: '石家庄高新区仓库',
    address: '河北省石家庄市长安区高新区仓储中心',
    lng: 114.6012,
    lat: 38.0453,
    type: 2,
    contact: '郑库管',
    phone: '13832170954',
  },
  {
    merchant: 'logistics',
    teamCode: '1000001002',
    name: '天津西青停车场',
    address: '天津市西青区津静公路停车场',
    lng: 117.0112,
    lat: 39.1421,
    type: 3,
    contact: null,
    phone: null,
  },
  {
    merchant: 'coal',
    teamCode: '2000001001',
    name: '东胜煤矿装车点',
    address: '内蒙古自治区鄂尔多斯市东胜区煤矿装车站',
    lng: 109.9632,
    lat: 39.8171,
    type: 1,
    contact: '冯站长',
    phone: '15947712380',
  },
];

/** The unified social credit code of a demo customer, with its computed check character. */
export function demoCreditCode(first17: string): string {
  const check = creditCodeCheckChar(first17);
  if (check === null) throw new Error(`demo customer: bad credit code "${first17}"`);
  return first17 + check;
}

/** Customers and common addresses of the demo merchants, entered by `userId`. */
export async function seedDemoReference(
  tx: Kysely<Database>,
  merchantIds: ReadonlyMap<string, number>,
  userId: number,
  now: number,
): Promise<void> {
  const stamps = { created_by: userId, created_at: now, updated_at: now };
  await tx
    .insertInto('customer')
    .values(
      DEMO_CUSTOMERS.map((c) => ({
        ...stamps,
        merchant_id: merchantIds.get(c.merchant) as number,
        team_code: c.teamCode,
        customer_name: c.name,
        credit_code: demoCreditCode(c.credit17),
        customer_type: c.type,
        contact_name: c.contact,
        contact_phone: c.phone,
        address: c.address,
        settlement_type: c.settlement,
        settlement_days: c.days,
        remark: null,
      })),
    )
    .execute();
  await tx
    .insertInto('common_address')
    .values(
      DEMO_ADDRESSES.map((a) => ({
        ...stamps,
        merchant_id: merchantIds.get(a.merchant) as number,
        team_code: a.teamCode,
        name: a.name,
        address: a.address,
        lat: Math.round(a.lat * 1e6),
        lon: Math.round(a.lng * 1e6),
        address_type: a.type,
        contact_name: a.contact,
        contact_phone: a.phone,
        remark: null,
        source: 1,
      })),
    )
    .execute();
}
