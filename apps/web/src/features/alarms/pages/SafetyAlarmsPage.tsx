import { handleAlarms, handleSafetyAlarm } from '../../../api/alarms';
import { AlarmListPage, type AlarmPageConfig } from '../AlarmListPage';

const CONFIG: AlarmPageConfig = {
  page: 'affairs',
  columns: ['evidence'],
  levelFilter: true,
  // one alarm through the page's own call (PUT /affairs/alarm/handle/{id}), a batch through the common one
  handle: (ids, handling) =>
    ids.length === 1 ? handleSafetyAlarm(ids[0] as number, handling) : handleAlarms(ids, handling),
};

/**
 * 主动安全报警 (/video/event): driver assist, driver state, dangerous driving and blind spot alarms
 * of the active-safety terminals, with their photos and video.
 */
export default function SafetyAlarmsPage() {
  return <AlarmListPage config={CONFIG} />;
}
