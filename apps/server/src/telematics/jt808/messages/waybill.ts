import { Reader, Writer } from '../bytes';
import { decodeGbk } from '../text';

/**
 * 0x0701 electronic waybill report: length u32 | content. The content format is the carrier's;
 * `text` is its GBK reading (Traccar vector TR-018 carries a device reply there).
 */
export interface WaybillReport {
  kind: 'waybillReport';
  msgId: 0x0701;
  content: Buffer;
  text: string;
}

export function decodeWaybillReport(body: Buffer): WaybillReport {
  const r = new Reader(body, 0, body.length, '0x0701');
  const length = r.u32('length');
  const content = r.bytes(length, 'content');
  return { kind: 'waybillReport', msgId: 0x0701, content, text: decodeGbk(content) };
}

export function encodeWaybillReportBody(content: Uint8Array): Buffer {
  return new Writer(4 + content.length).u32(content.length, 'length').bytes(content).toBuffer();
}
