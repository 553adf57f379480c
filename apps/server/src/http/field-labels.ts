// Chinese labels of the API's fields by key, used in 400 messages ('每页条数: 不能大于500'). A route's
// own `labels`, or a schema's `.meta({ title })`, names a field more precisely where the key means
// something else there; every field of every route must resolve to a label (security/input.test.ts).

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // paging, search and time ranges
  pageNum: '页码',
  pageSize: '每页条数',
  keyword: '关键字',
  startTime: '开始时间',
  beginTime: '开始时间',
  endTime: '结束时间',
  startDate: '开始日期',
  endDate: '结束日期',
  time: '时间',
  year: '年份',
  month: '月份',
  date: '日期',
  periodType: '统计周期',
  limit: '条数',
  // records and ids
  id: '编号',
  ids: '编号',
  dataId: '数据编号',
  userId: '用户',
  roleId: '角色',
  roleIds: '角色',
  merchantId: '商户',
  groupIds: '分组',
  customerId: '客户',
  stationId: '站点',
  stationIds: '站点',
  lineId: '线路',
  driverId: '司机',
  truckId: '车辆',
  carIds: '车辆',
  terminalId: '终端',
  code: '编码',
  codes: '编码',
  pageKey: '页面标识',
  pageEnum: '日志类型',
  fields: '列',
  kind: '类别',
  type: '类型',
  status: '状态',
  state: '状态',
  valid: '状态',
  enabled: '启用',
  level: '等级',
  remark: '备注',
  name: '名称',
  title: '标题',
  content: '内容',
  signature: '落款',
  reason: '原因',
  source: '来源',
  seq: '序号',
  all: '全部',
  own: '仅本人',
  // costs (成本中心)
  costType: '费用类型',
  costTypes: '费用类型',
  tripId: '行程',
  withoutDepreciation: '不含折旧',
  set: '是否已设置折旧',
  // teams
  teamCode: '所属车队',
  teamCodes: '车队',
  teamCodeList: '车队',
  // accounts and sign-in
  username: '用户名',
  userName: '用户名',
  password: '密码',
  oldPassword: '原密码',
  newPassword: '新密码',
  nickname: '姓名',
  phone: '手机号',
  email: '邮箱',
  avatar: '头像',
  introduction: '个人简介',
  isManager: '是否管理员',
  smsCode: '短信验证码',
  verifyCodeId: '图片验证码',
  webVerifyCode: '图片验证码',
  webVerifyCodeId: '图片验证码',
  refreshToken: '刷新令牌',
  ticket: '手机验证',
  dictTypeCode: '字典类型',
  // trucks and terminals
  vin: '车架号',
  vins: '车架号',
  vinList: '车架号',
  carNo: '车牌号',
  plateColor: '车牌颜色',
  carType: '车辆类型',
  carInfoType: '车辆信息类型',
  brand: '品牌',
  series: '车系',
  model: '型号',
  manufacturer: '制造商',
  engineNo: '发动机号',
  fuelType: '燃料类型',
  fuelBrand: '燃油品牌',
  fuelSeries: '燃油标号',
  tankCapacity: '油箱容量',
  loadCapacity: '核定载重',
  registerDate: '注册日期',
  drivingLicenseExpiry: '行驶证到期日',
  operatingLicenseNo: '道路运输证号',
  operatingLicenseExpiry: '道路运输证到期日',
  insuranceExpiry: '保险到期日',
  annualInspectionExpiry: '年检到期日',
  ownerName: '车主姓名',
  ownerPhone: '车主电话',
  videoChannels: '视频通道数',
  channelNames: '通道名称',
  onlineState: '在线状态',
  bindState: '绑定状态',
  bindTerminal: '终端绑定状态',
  tid: '终端号',
  terminal: '终端',
  terminalNo: '终端号',
  simNo: 'SIM卡号',
  protocolVersion: '协议版本',
  heartbeatSeconds: '心跳间隔',
  reportSeconds: '汇报间隔',
  sleepReportSeconds: '休眠汇报间隔',
  maxSpeed: '最高速度',
  overspeedSeconds: '超速持续时间',
  fatigueMinutes: '连续驾驶时长',
  settings: '设置',
  // drivers
  driverName: '司机姓名',
  driverPhone: '司机手机号',
  idCard: '身份证号',
  licenseClass: '准驾车型',
  licenseExpiry: '驾驶证到期日',
  licenseExpiryStart: '驾驶证到期日起',
  licenseExpiryEnd: '驾驶证到期日止',
  qualificationNo: '从业资格证号',
  qualificationExpiry: '从业资格证到期日',
  expiryState: '证件状态',
  expiring: '证件到期',
  photos: '照片',
  settleType: '结算方式',
  baseSalary: '底薪',
  unitPrice: '单价',
  deduction: '扣款',
  bankName: '开户银行',
  bankAccount: '银行账号',
  accountName: '账户名',
  // customers and addresses
  customerName: '客户名称',
  customerType: '客户类型',
  creditCode: '统一社会信用代码',
  contactName: '联系人',
  contactPhone: '联系电话',
  settlementType: '结算方式',
  settlementDays: '账期天数',
  address: '地址',
  addressType: '地址类型',
  province: '省份',
  city: '城市',
  district: '区县',
  // map, stations and lines
  lng: '经度',
  lat: '纬度',
  longitude: '经度',
  latitude: '纬度',
  minLng: '最小经度',
  minLat: '最小纬度',
  maxLng: '最大经度',
  maxLat: '最大纬度',
  zoom: '地图级别',
  coordType: '坐标系',
  points: '坐标点',
  radius: '半径',
  location: '位置',
  origin: '起点',
  destination: '终点',
  waypoints: '途经点',
  fenceType: '围栏类型',
  stationType: '站点类型',
  stationList: '站点',
  routeName: '线路名称',
  routeType: '线路类型',
  cargo: '货物',
  distance: '里程',
  runningHours: '运行小时',
  runningMins: '运行分钟',
  baiduMapProduce: '地图计算',
  corridorWidth: '偏航宽度',
  speedLimit: '限速',
  thin: '轨迹抽稀',
  thinLevel: '抽稀级别',
  notifyEnter: '进站提醒',
  notifyExit: '出站提醒',
  // alarms and messages
  alarmCode: '报警类型',
  alarmCodes: '报警类型',
  eventType: '报警类型',
  handleStatus: '处理状态',
  handleType: '处理方式',
  riskLevel: '风险等级',
  messageStatus: '消息状态',
  alarmVoice: '报警声音',
  alarmPop: '报警弹窗',
  overspeed: '超速报警',
  limitKmh: '限速值',
  minSeconds: '持续时间',
  fatigue: '疲劳驾驶',
  warnMinutes: '预警时长',
  alarmMinutes: '报警时长',
  restMinutes: '休息时长',
  parking: '超时停车',
  minutes: '时长',
  fuelUse: '油耗异常',
  maxLPer100km: '百公里油耗上限',
  minKm: '最短里程',
  refuel: '加油',
  refuelThreshold: '加油阈值',
  drainThreshold: '漏油阈值',
  minLitres: '最少升数',
  oilTheft: '偷油',
  fault: '故障',
  minBatteryVolts: '最低电瓶电压',
  deviation: '偏航',
  planTiming: '计划时效',
  departWarnMinutes: '迟发车预警时长',
  departAlarmMinutes: '迟发车报警时长',
  arriveWarnMinutes: '迟到达预警时长',
  arriveAlarmMinutes: '迟到达报警时长',
  parkingMinutes: '途中停车时长',
  businessType: '业务类型',
  direction: '移动方向',
  mine: '待我审批',
  billNo: '运单号',
  taskCode: '审批编号',
  checkName: '对账单名称',
  checkState: '对账状态',
  payeeType: '收款方类型',
  payeeName: '收款方',
  payState: '付款状态',
  feeTypeId: '费用类型',
  feeKind: '费用性质',
  roadBridge: '路桥费台账',
};

export interface JsonSchema {
  title?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** Every field of a JSON schema by path without list indices ('stationList.lng'), with its schema title. */
function collectFields(
  schema: JsonSchema,
  root: JsonSchema,
  prefix: string,
  out: Map<string, string>,
  depth = 0,
) {
  if (depth > 8) return;
  const ref = schema.$ref?.startsWith('#/$defs/') ? root.$defs?.[schema.$ref.slice(8)] : undefined;
  const parts = [
    ...(ref ? [ref] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
    ...(Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : []),
    ...(schema.prefixItems ?? []),
  ];
  for (const part of parts) collectFields(part, root, prefix, out, depth + 1);
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!out.has(path) || field.title) out.set(path, field.title ?? out.get(path) ?? '');
    collectFields(field, root, path, out, depth + 1);
  }
}

/**
 * The label of each field of a route's body, query and path schemas: the route's own label for the
 * path or the key, else the schema's title, else the common label of the key; null when none.
 */
export function routeFieldLabels(
  schemas: readonly JsonSchema[],
  routeLabels: Readonly<Record<string, string>> = {},
): Record<string, string | null> {
  const found = new Map<string, string>();
  for (const schema of schemas) collectFields(schema, schema, '', found);
  const labels: Record<string, string | null> = {};
  for (const [path, title] of found) {
    const key = path.slice(path.lastIndexOf('.') + 1);
    labels[path] = routeLabels[path] ?? routeLabels[key] ?? (title || FIELD_LABELS[key]) ?? null;
  }
  return labels;
}

/**
 * How a message names the field at an issue's path: its label, with the item of a list counted from
 * 1 ('站点第2项经度'); '' for the whole input or an unknown field, never the English key.
 */
export function issueLabel(
  fields: Readonly<Record<string, string | null>>,
  path: readonly PropertyKey[],
): string {
  const keys: string[] = [];
  let label = '';
  let afterIndex = false;
  for (const part of path) {
    if (typeof part === 'number' || /^\d+$/.test(String(part))) {
      label += `第${Number(part) + 1}项`;
      afterIndex = true;
      continue;
    }
    keys.push(String(part));
    const own = fields[keys.join('.')] ?? FIELD_LABELS[String(part)] ?? '';
    label = afterIndex ? label + own : own || label;
    afterIndex = false;
  }
  return label;
}
