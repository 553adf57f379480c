import { RecordPage } from '../../../kit';
import { driverRecord } from '../driver.record';

/** 司机管理 (/driver-manage/index): drivers of the caller's teams. */
export default function DriversPage() {
  return <RecordPage record={driverRecord} />;
}
