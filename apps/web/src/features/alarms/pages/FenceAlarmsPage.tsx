import { AlarmListPage, type AlarmPageConfig } from '../AlarmListPage';

const CONFIG: AlarmPageConfig = { page: 'fence', columns: ['station'] };

/** 站点围栏报警 (/alarm/station-fence): vehicles entering and leaving station fences. */
export default function FenceAlarmsPage() {
  return <AlarmListPage config={CONFIG} />;
}
