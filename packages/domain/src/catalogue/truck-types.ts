/**
 * Truck types (the CAR_TYPE dictionary): the goods-vehicle and trailer types of GA 802 that a
 * fleet registers, keyed by their GA 802 code. A truck stores the type's name (as the driving
 * licence prints it), so the name is also what lists and exports show.
 */
export interface TruckTypeOption {
  /** GA 802 code, e.g. 'Q11'. */
  readonly code: string;
  /** Name on the driving licence, e.g. '重型半挂牵引车'. */
  readonly name: string;
}

export const TRUCK_TYPES = [
  { code: 'Q11', name: '重型半挂牵引车' },
  { code: 'Q21', name: '中型半挂牵引车' },
  { code: 'Q31', name: '轻型半挂牵引车' },
  { code: 'H11', name: '重型普通货车' },
  { code: 'H12', name: '重型厢式货车' },
  { code: 'H13', name: '重型封闭货车' },
  { code: 'H14', name: '重型罐式货车' },
  { code: 'H15', name: '重型平板货车' },
  { code: 'H16', name: '重型集装厢车' },
  { code: 'H17', name: '重型自卸货车' },
  { code: 'H18', name: '重型特殊结构货车' },
  { code: 'H19', name: '重型仓栅式货车' },
  { code: 'H21', name: '中型普通货车' },
  { code: 'H22', name: '中型厢式货车' },
  { code: 'H24', name: '中型罐式货车' },
  { code: 'H27', name: '中型自卸货车' },
  { code: 'H29', name: '中型仓栅式货车' },
  { code: 'H31', name: '轻型普通货车' },
  { code: 'H32', name: '轻型厢式货车' },
  { code: 'H34', name: '轻型罐式货车' },
  { code: 'H37', name: '轻型自卸货车' },
  { code: 'H39', name: '轻型仓栅式货车' },
  { code: 'H41', name: '微型普通货车' },
  { code: 'H42', name: '微型厢式货车' },
  { code: 'B11', name: '重型普通半挂车' },
  { code: 'B12', name: '重型厢式半挂车' },
  { code: 'B14', name: '重型罐式半挂车' },
  { code: 'B15', name: '重型平板半挂车' },
  { code: 'B16', name: '重型集装箱半挂车' },
  { code: 'B17', name: '重型自卸半挂车' },
  { code: 'B19', name: '重型仓栅式半挂车' },
  { code: 'Z51', name: '重型专项作业车' },
] as const satisfies readonly TruckTypeOption[];

export type TruckTypeName = (typeof TRUCK_TYPES)[number]['name'];

const NAMES: ReadonlySet<string> = new Set(TRUCK_TYPES.map((type) => type.name));

/** Whether a text is one of the truck type names. */
export function isTruckType(name: string): name is TruckTypeName {
  return NAMES.has(name);
}
