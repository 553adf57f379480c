import type { Jt808Message } from './decode';
import { type FrameContext, gmt8, locationsOf } from './vectors-tally.fixture';

/**
 * The field names the sources use in their EXPECT lines (SmallChi's C# names, go-jt808's Chinese
 * labels, fakeyanss's Go names) mapped to what this codec decodes.
 */
export type Value = string | number | boolean | null;

export function parseValue(raw: string): Value {
  if (raw.startsWith('"')) return raw.slice(1, -1);
  if (/^0x[0-9a-f]+$/i.test(raw)) return Number.parseInt(raw.slice(2), 16);
  if (/^-?\d+$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (raw === 'null') return null;
  const inParens = /\((\d+)\)$/.exec(raw);
  if (inParens) return Number(inParens[1]);
  return raw;
}

/** [decoded, stated] for one stated field, or undefined when the key is not one this codec decodes. */
export function fieldPair(
  ctx: FrameContext,
  key: string,
  value: Value,
  index: number,
): [unknown, unknown] | undefined {
  const { packet } = ctx;
  const h = packet?.header;
  const m = ctx.message as (Jt808Message & Record<string, unknown>) | undefined;
  const p = locationsOf(ctx.message)[index];
  const when = (time: Value) => gmt8(String(time));
  switch (key) {
    case 'MsgId':
    case 'MsgID':
      return [h?.msgId, value];
    case 'MsgNum':
    case 'SerialNumber':
    case '消息流水号':
      return [h?.serial, value];
    case 'ackMsgNum':
    case 'AckMsgNum':
    case 'ReplyMsgNum':
    case 'AnswerSerialNumber':
    case '应答消息流水号':
    case '应答流水号':
      return [m?.replySerial, value];
    case 'AckMsgId':
    case 'ReplyMsgId':
      return [m?.replyMsgId, value];
    case 'TerminalPhoneNo':
      return [h?.tid, value];
    case 'PhoneNumber':
    case '终端手机号':
      return [h?.phone, value];
    case 'Bodies':
      return [packet?.body.length, 0];
    case 'DataLength':
    case 'BodyLength':
      return [h?.bodyLength, value];
    case 'ProtocolVersion':
    case '协议版本号':
      return [h?.protocolVersion, value];
    case 'VersionFlag':
      return [h?.versionFlag, value];
    case 'VersionSign':
      return [h?.versionFlag ? 1 : 0, value];
    case 'Encryption':
      return [h?.encryption, value];
    case 'IsPackage':
      return [h?.packet !== undefined, value];
    case 'pkgTotal':
      return [h?.packet?.total, value];
    case 'pkgNo':
      return [h?.packet?.index, value];
    case 'pkgTotal/pkgNo':
      return [`${h?.packet?.total}/${h?.packet?.index}`, value];
    case '校验码':
      return [packet?.checksum, value];
    case 'AreaID':
    case '省域ID':
    case 'ProvinceID':
      return [m?.province, value];
    case 'CityOrCountyId':
    case 'City':
    case '市县域ID':
    case 'CityID':
      return [m?.city, value];
    case 'MakerId':
    case '制造商ID':
    case 'ManufacturerID':
      return [m?.manufacturer, value];
    case 'TerminalModel':
    case '终端型号':
    case 'DeviceMode':
      return [m?.model, value];
    case 'TerminalId':
    case '终端ID':
    case 'DeviceID':
      return [m?.terminalId, value];
    case "MakerId/TerminalId/TerminalModel.TrimStart('0')":
      return [
        [m?.manufacturer, m?.terminalId, m?.model].map((s) => String(s).replace(/^0+/, '')),
        [value, value, value],
      ];
    case 'PlateColor':
    case '车牌颜色':
      return [m?.plateColor, value];
    case 'PlateNo':
    case '车牌号':
    case 'PlateNumber':
      return [m?.plate, value];
    case 'PlateNo.TrimStart()':
      return [String(m?.plate).trimStart(), value];
    case 'Code':
    case '鉴权码':
    case 'AuthCode':
      return [m?.kind === 'registerResponse' ? (m.authCode ?? null) : m?.code, value];
    case 'CodeLength':
    case '鉴权码长度':
      return [Buffer.byteLength(String(m?.code)), value];
    case 'IMEI':
    case '终端IMEI':
      return [m?.imei, String(value)];
    case 'SoftwareVersion':
    case '软件版本':
      return [m?.softwareVersion, value];
    case 'result':
    case 'TerminalResult':
    case '结果':
    case 'Result':
      return [m?.result, typeof value === 'string' && /^succe/i.test(value) ? 0 : value];
    case 'AlarmFlag':
    case '报警标志':
      return [p?.alarm, value];
    case 'StatusFlag':
    case '状态标志':
      return [p?.status, value];
    case 'Lat':
    case '纬度':
      return [Math.round(Math.abs(p?.lat ?? Number.NaN) * 1e6), value];
    case 'Lng':
    case '经度':
      return [Math.round(Math.abs(p?.lon ?? Number.NaN) * 1e6), value];
    case '海拔高度':
      return [p?.altitude, value];
    case 'Speed':
    case '速度':
      return [Math.round((p?.speed ?? Number.NaN) * 10), value];
    case 'Direction':
    case '方向':
      return [p?.direction, value];
    case 'GPSTime':
    case '时间':
      return [
        [p?.time, p?.timeBcd],
        [when(value).time, when(value).bcd],
      ];
    case 'Mileage':
      return [Math.round((p?.extras.mileageKm ?? Number.NaN) * 10), value];
    case 'Oil':
      return [Math.round((p?.extras.fuelL ?? Number.NaN) * 10), value];
    case 'Count':
    case '数据项个数':
      return [locationsOf(ctx.message).length, value];
    case 'LocationType':
    case '位置汇报类型':
      return [m?.type, value];
    case 'VideoRelateAlarm':
      return [p?.extras.videoAlarm, value];
    case 'VideoSignalLoseAlarmStatus':
      return [p?.extras.videoSignalLoss, value];
    case 'VideoSignalOcclusionAlarmStatus':
      return [p?.extras.videoOcclusion, value];
    case 'StorageFaultAlarmStatus':
      return [p?.extras.storageFault, value];
    case 'AbnormalDrivingBehaviorAlarmType':
      return [p?.extras.abnormalDriving?.types, value];
    case 'FatigueLevel':
      return [p?.extras.abnormalDriving?.fatigueLevel, value];
    case 'Body':
      return [packet?.body.toString('hex'), String(value).toLowerCase()];
    default:
      return undefined;
  }
}
