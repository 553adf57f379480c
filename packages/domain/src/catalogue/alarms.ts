import { type AlarmKind, alarmCategoryName } from './alarm-categories';

export interface AlarmType {
  code: number;
  name: string;
  kind: AlarmKind;
  kindName: string;
}

/**
 * Names by code, grouped by kind. Dangerous driving: the spec gives the range 3001-3012 but names
 * eleven events; they take 3001-3011 in the order the spec lists them, and 3012 is not a code.
 */
const NAMES: Record<AlarmKind, Record<number, string>> = {
  driverAssist: {
    1001: '前向碰撞预警',
    1002: '车距过近报警',
    1003: '车道偏离报警(左)',
    1004: '车道偏离报警(右)',
    1005: '行人碰撞报警',
    1006: '频繁变道报警',
    1007: '道路标识超限报警',
    1008: '障碍物报警',
    1009: '实线变道报警',
    1010: '车厢过道行人检测报警',
  },
  driverState: {
    2001: '打哈欠',
    2002: '接打电话',
    2003: '分神驾驶',
    2004: '闭眼',
    2005: '疲劳驾驶',
    2006: '超时驾驶',
  },
  dangerousDriving: {
    3001: '紧急制动',
    3002: '超速',
    3003: '急刹车',
    3004: '急加速',
    3005: '急转弯',
    3006: '抽烟',
    3007: '摄像头遮挡',
    3008: '频繁低头',
    3009: '脱离监控',
    3010: '侧翻',
    3011: '碰撞',
  },
  timing: {
    4001: '迟发车预警',
    4002: '迟发车报警',
    4003: '迟到达预警',
    4004: '迟到达报警',
    4005: '路线偏离',
    4006: '停车超时',
  },
  driving: {
    5001: '油耗异常',
    5002: '加油异常',
    5003: '停车超时',
    5004: '超速报警',
    5005: '疲劳驾驶预警',
    5006: '疲劳驾驶报警',
    5007: '怠速异常',
    5008: '驾驶员异常',
    5009: '未系安全带',
    5010: '双手脱离方向盘',
    5011: '使用手机',
    // not in the spec's range 5001-5011: a fuel-level drop while parked (the suspected-oil-theft page)
    5012: '疑似偷油',
  },
  safetyRisk: {
    6001: '高风险',
    6002: '中风险',
    6003: '低风险',
  },
  approval: {
    8001: '运单费用审批提醒',
    8002: '运单审批提醒',
  },
  blindSpot: {
    9001: '右侧盲区报警',
    9002: '后方盲区报警',
    9003: '左侧盲区报警',
  },
  fault: {
    10001: '发动机限扭报警',
    10002: '限扭倒计时提醒',
    10003: '限速倒计时提醒',
    10004: '停机倒计时提醒',
    10005: 'DPF再生提醒',
    10006: 'DPF堵塞报警',
    10007: '尿素液位过低报警',
    10008: '尿素品质异常报警',
    10009: '尿素喷射系统故障',
    10010: '机油压力过低报警',
    10011: '发动机水温过高报警',
    10012: '冷却液液位过低报警',
    10013: '蓄电池电压过低报警',
    10014: '发动机故障灯报警',
    10015: 'OBD排放故障报警',
    10016: '制动气压过低报警',
    10017: '动力电池温度过高报警',
    10018: '动力电池SOC过低报警',
    10019: '电池单体压差过大报警',
    10020: '绝缘电阻过低报警',
    10021: '驱动电机温度过高报警',
    10022: '驱动电机控制器故障',
  },
  // JT/T 808-2019 table 24, the alarm bits a terminal reports that no other kind covers (overspeed
  // and fatigue bits map to 5004 and 5006, collision and rollover to 3011 and 3010).
  device: {
    7001: '紧急报警',
    7002: '危险预警',
    7003: 'GNSS模块故障',
    7004: 'GNSS天线未接或被剪断',
    7005: 'GNSS天线短路',
    7006: '终端主电源欠压',
    7007: '终端主电源掉电',
    7008: '终端显示器故障',
    7009: 'TTS模块故障',
    7010: '摄像头故障',
    7011: '当天累计驾驶超时',
    7012: '进出区域',
    7013: '进出路线',
    7014: '路段行驶时间不足/过长',
    7015: '路线偏离报警',
    7016: '车辆VSS故障',
    7017: '车辆非法点火',
    7018: '车辆非法位移',
    7019: '车辆油量异常',
    7020: '车辆被盗',
  },
  fence: {
    7101: '进站点围栏',
    7102: '出站点围栏',
  },
  // beyond the spec: a truck's service plan and a truck's or driver's certificate falling due
  expiry: {
    8101: '保养到期提醒',
    8102: '证件到期提醒',
  },
};

/** Every alarm type of the catalogue, ordered by code. */
export const ALARM_TYPES: readonly AlarmType[] = Object.entries(NAMES)
  .flatMap(([kind, names]) =>
    Object.entries(names).map(([code, name]) => ({
      code: Number(code),
      name,
      kind: kind as AlarmKind,
      kindName: alarmCategoryName(kind),
    })),
  )
  .sort((a, b) => a.code - b.code);

const BY_CODE = new Map(ALARM_TYPES.map((type) => [type.code, type]));

function toCode(code: number | string): number {
  return typeof code === 'number' ? code : Number(code.trim() === '' ? Number.NaN : code);
}

/** The catalogue entry of a code (number or numeric text), or undefined. */
export function alarmType(code: number | string): AlarmType | undefined {
  return BY_CODE.get(toCode(code));
}

/** The kind of an alarm code, or null for a code outside the catalogue. */
export function alarmKind(code: number | string): AlarmKind | null {
  return alarmType(code)?.kind ?? null;
}

/** Chinese name of an alarm code, or the fallback ('-') for a code outside the catalogue. */
export function alarmName(code: number | string, fallback = '-'): string {
  return alarmType(code)?.name ?? fallback;
}

/** The alarm types of one kind, ordered by code. */
export function alarmTypesOf(kind: AlarmKind): AlarmType[] {
  return ALARM_TYPES.filter((type) => type.kind === kind);
}
