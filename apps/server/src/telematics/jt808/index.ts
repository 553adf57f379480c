/**
 * JT/T 808 (2011 / 2013 / 2019) codec: pure functions over bytes, no I/O.
 *
 *   const splitter = new FrameSplitter();        // one of each per connection
 *   const reassembler = new Reassembler();
 *   socket.on('data', (chunk) => {
 *     for (const frame of splitter.push(chunk)) {
 *       try {
 *         const packet = reassembler.push(parseFrame(frame), Date.now()); // null until complete
 *         if (packet) handle(packet.header, decodeMessage(packet));
 *       } catch (error) {
 *         if (!isJt808Error(error)) throw error; // error.reason: 'checksum' | 'length' | ...
 *       }
 *     }
 *   });
 *
 * Replies: encodePlatformResponse(...), encodeRegisterResponse(...), ... (one frame each).
 */

export type {
  AdasAlarm,
  AdasEventName,
  AlarmIdentification,
  BsdAlarm,
  BsdEventName,
  DsmAlarm,
  DsmEventName,
  SafetyCommon,
  TyreAlarm,
  TyreReading,
} from './active-safety';
export { ADAS_EVENTS, BSD_EVENTS, DSM_EVENTS } from './active-safety';
export type { BcdTime } from './bcd';
export { bcdTimeDigits, readBcdTime, toBcdTime } from './bcd';
export type { DecodeOptions, Fragment, Jt808Message, Jt808Packet, UnknownMessage } from './decode';
export { decodeFrame, decodeMessage, parseFrame, readPacket } from './decode';
export type { FrameHeader } from './encode';
export {
  encodeAuth,
  encodeBatchLocation,
  encodeFrame,
  encodeHeartbeat,
  encodeLocation,
  encodeLocationQuery,
  encodeLocationQueryResponse,
  encodeLogout,
  encodeMediaDataResponse,
  encodeMultimediaData,
  encodeMultimediaEvent,
  encodePlatformResponse,
  encodeRegister,
  encodeRegisterResponse,
  encodeRetransmitRequest,
  encodeSetParameters,
  encodeShootNow,
  encodeShootNowResponse,
  encodeSubpackaged,
  encodeTerminalResponse,
  encodeTextMessage,
  encodeWaybillReport,
} from './encode';
export type { Jt808ErrorReason } from './errors';
export { isJt808Error, Jt808Error } from './errors';
export type { AlarmName, LoadState, StatusFlagName, StatusFlags, VehicleSignalName } from './flags';
export {
  ALARM_BITS,
  alarmNames,
  alarmWord,
  ioStatusFlags,
  STATUS_BITS,
  statusFlags,
  statusWord,
  VEHICLE_SIGNAL_BITS,
  vehicleSignalNames,
} from './flags';
export type { FrameSplitterOptions, UnwrappedFrame } from './frame';
export {
  DEFAULT_MAX_FRAME_LENGTH,
  escapeBytes,
  FrameSplitter,
  unescapeBytes,
  unwrapFrame,
  wrapFrame,
  xorChecksum,
} from './frame';
export type { HeaderInput, Jt808Header, Jt808Version } from './header';
export { headerInputOf, MAX_BODY_LENGTH, readHeader } from './header';
export type { Location, LocationExtras, RawItem } from './location';
export { decodeLocation, readItems } from './location';
export type { LocationInput } from './location-encode';
export { encodeLocationBody, locationInputOf } from './location-encode';
export type {
  GeneralResponseBody,
  Heartbeat,
  LocationQuery,
  Logout,
  PlatformResponse,
  TerminalResponse,
} from './messages/general';
export { MSG, PLATFORM_RESULT, TERMINAL_RESULT } from './messages/general';
export type { BatchLocation, LocationQueryResponse, LocationReport } from './messages/location-report';
export { BATCH_TYPE } from './messages/location-report';
export type {
  MediaDataResponse,
  MediaHead,
  MultimediaData,
  MultimediaEvent,
  RetransmitRequest,
  ShootNow,
  ShootNowBody,
  ShootNowResponse,
} from './messages/multimedia';
export { encodeMultimediaDataBody, MEDIA_EVENT, MEDIA_FORMAT, MEDIA_TYPE } from './messages/multimedia';
export type { SetParameters, SetParametersBody, TerminalParameter } from './messages/parameters';
export { TERMINAL_PARAM } from './messages/parameters';
export type {
  Auth,
  AuthBody,
  Register,
  RegisterBody,
  RegisterLayout,
  RegisterResponse,
  RegisterResponseBody,
} from './messages/registration';
export { REGISTER_RESULT, registerFieldWidths } from './messages/registration';
export type { TextMessage, TextMessageBody } from './messages/text-message';
export { TEXT_FLAG, TEXT_TYPE } from './messages/text-message';
export type { WaybillReport } from './messages/waybill';
export type { MissingParts, ReassemblerOptions } from './reassembly';
export { Reassembler } from './reassembly';
export { decodeGbk, encodeGbk } from './text';
