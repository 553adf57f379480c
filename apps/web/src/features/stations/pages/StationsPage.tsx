import { RecordPage } from '../../../kit';
import { stationRecord } from '../station.record';

/** 站点围栏管理 (/information/station): stations with their fences; add and edit on the map. */
export default function StationsPage() {
  return <RecordPage record={stationRecord} />;
}
