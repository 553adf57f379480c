import { type Jt808Header, MSG, wrapFrame } from '../jt808';

/**
 * 0x8001 platform general responses of one connection, built on a template of its header: the
 * answer to every report is the hot path of the gateway, and the codec's general encoder (a writer,
 * header fields checked and converted each time) costs more than the frame itself. Framing, check
 * code and escaping are the codec's `wrapFrame`; the test holds it equal to `encodePlatformResponse`.
 */
export class AckEncoder {
  private template: Buffer | null = null;
  private phone = '';
  private version: 2013 | 2019 = 2013;
  private protocolVersion = 0;

  encode(
    to: Pick<Jt808Header, 'phone' | 'version' | 'protocolVersion'>,
    serial: number,
    replySerial: number,
    replyMsgId: number,
    result: number,
  ): Buffer {
    let t = this.template;
    if (
      !t ||
      to.phone !== this.phone ||
      to.version !== this.version ||
      to.protocolVersion !== this.protocolVersion
    ) {
      t = this.build(to);
    }
    const at = t.length - 7;
    t.writeUInt16BE(serial & 0xffff, at);
    t.writeUInt16BE(replySerial & 0xffff, at + 2);
    t.writeUInt16BE(replyMsgId & 0xffff, at + 4);
    t[at + 6] = result & 0xff;
    return wrapFrame(t);
  }

  private build(to: Pick<Jt808Header, 'phone' | 'version' | 'protocolVersion'>): Buffer {
    const v2019 = to.version === 2019;
    const phoneBytes = v2019 ? 10 : 6;
    const digits = to.phone.padStart(phoneBytes * 2, '0').slice(-phoneBytes * 2);
    const t = Buffer.alloc(4 + (v2019 ? 1 : 0) + phoneBytes + 2 + 5);
    t.writeUInt16BE(MSG.platformResponse, 0);
    t.writeUInt16BE(5 | (v2019 ? 0x4000 : 0), 2);
    let at = 4;
    if (v2019) t[at++] = to.protocolVersion & 0xff;
    t.write(digits, at, 'hex');
    this.template = t;
    this.phone = to.phone;
    this.version = to.version;
    this.protocolVersion = to.protocolVersion;
    return t;
  }
}
