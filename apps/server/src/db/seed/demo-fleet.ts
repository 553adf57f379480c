import { nationalIdCheckChar, vinCheckChar } from '@fleet/domain';

/** Which merchant and team a demo truck belongs to, and the plate prefix and kind of work it does. */
interface FleetGroup {
  merchant: 'logistics' | 'coal';
  teamCode: string;
  platePrefix: string;
  kind: 'trunk' | 'city' | 'coal';
  share: number;
}

const GROUPS: FleetGroup[] = [
  { merchant: 'logistics', teamCode: '10000010010001', platePrefix: '京A', kind: 'trunk', share: 0.3 },
  { merchant: 'logistics', teamCode: '10000010010002', platePrefix: '冀B', kind: 'trunk', share: 0.2 },
  { merchant: 'logistics', teamCode: '10000010020001', platePrefix: '津C', kind: 'city', share: 0.3 },
  { merchant: 'coal', teamCode: '20000010010001', platePrefix: '蒙K', kind: 'coal', share: 0.2 },
];

const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕';
const GIVEN = [
  '建国',
  '志强',
  '海军',
  '永刚',
  '德胜',
  '国庆',
  '红军',
  '振华',
  '春生',
  '明亮',
  '保平',
  '立新',
  '文斌',
  '晓东',
  '金山',
];
const BRANDS = [
  { brand: '解放', series: 'J6P', type: '重型半挂牵引车' },
  { brand: '东风', series: '天龙KL', type: '重型半挂牵引车' },
  { brand: '重汽', series: '豪沃T7H', type: '重型自卸货车' },
  { brand: '陕汽', series: '德龙X3000', type: '重型半挂牵引车' },
  { brand: '福田', series: '欧曼EST', type: '重型厢式货车' },
];
const CITY_BRANDS = [
  { brand: '江淮', series: '帅铃Q6', type: '轻型厢式货车' },
  { brand: '福田', series: '奥铃CTX', type: '轻型厢式货车' },
];

export interface DemoTruck {
  merchant: 'logistics' | 'coal';
  teamCode: string;
  kind: FleetGroup['kind'];
  carNo: string;
  vin: string;
  brand: string;
  series: string;
  carType: string;
  fuelType: number;
  carInfoType: number;
  tankCapacity: number;
  speedLimit: number;
  loadCapacity: number;
  terminalPhone: string;
  driver: { name: string; phone: string; idCard: string; licenseClass: string };
}

function vin(serial: number): string {
  const body = `LFWSRXRJ0N${'A'}${String(100000 + serial).slice(-6)}`;
  return `${body.slice(0, 8)}${vinCheckChar(body)}${body.slice(9)}`;
}

function idCard(serial: number): string {
  const birth = `19${70 + (serial % 25)}${String((serial % 12) + 1).padStart(2, '0')}${String((serial % 27) + 1).padStart(2, '0')}`;
  const first17 = `150602${birth}${String(100 + (serial % 900)).padStart(3, '0')}`;
  return first17 + nationalIdCheckChar(first17);
}

/** Terminal phone numbers of the demo trucks: 13800000001, 13800000002, ... */
export function demoTerminalPhone(index: number): string {
  return String(13800000000 + index + 1);
}

/** The demo fleet: `count` trucks with terminals and drivers, spread over the demo teams. */
export function demoFleet(count: number): DemoTruck[] {
  const trucks: DemoTruck[] = [];
  let groupStart = 0;
  GROUPS.forEach((group, g) => {
    const size = g === GROUPS.length - 1 ? count - groupStart : Math.round(count * group.share);
    for (let i = 0; i < size; i++) {
      const n = groupStart + i;
      const city = group.kind === 'city';
      const model = city ? CITY_BRANDS[n % CITY_BRANDS.length] : BRANDS[n % BRANDS.length];
      if (!model) continue;
      trucks.push({
        merchant: group.merchant,
        teamCode: group.teamCode,
        kind: group.kind,
        carNo: `${group.platePrefix}${String(10000 + ((n * 7919) % 90000)).padStart(5, '0')}`,
        vin: vin(n + 1),
        brand: model.brand,
        series: model.series,
        carType: model.type,
        fuelType: group.kind === 'city' && n % 3 === 0 ? 2 : 3,
        carInfoType: n % 5 === 4 ? 3 : 1,
        tankCapacity: city ? 120 : 600,
        speedLimit: city ? 80 : 90,
        loadCapacity: city ? 4_500 : 49_000,
        terminalPhone: demoTerminalPhone(n),
        driver: {
          name: `${SURNAMES[n % SURNAMES.length]}${GIVEN[(n * 5) % GIVEN.length]}`,
          phone: String(13900000000 + (n + 1) * 137),
          idCard: idCard(n + 1),
          licenseClass: city ? 'B2' : 'A2',
        },
      });
    }
    groupStart += size;
  });
  return trucks;
}
