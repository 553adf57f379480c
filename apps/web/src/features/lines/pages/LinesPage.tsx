import { RecordPage } from '../../../kit';
import { lineRecord } from '../line.record';

/** 线路管理 (/car-dispatch/route, /smart-coal/route, /tc/route): lines with their stations. */
export default function LinesPage() {
  return <RecordPage record={lineRecord} />;
}
