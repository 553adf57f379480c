import { RecordPage } from '../../../kit';
import { terminalRecord } from '../terminal.record';

/** 设备管理 (/information/device): terminals, their trucks, online state; bind, unbind, T-BOX settings. */
export default function TerminalsPage() {
  return <RecordPage record={terminalRecord} />;
}
