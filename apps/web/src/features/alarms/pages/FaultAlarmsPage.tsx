import { AlarmListPage, type AlarmPageConfig } from '../AlarmListPage';

const CONFIG: AlarmPageConfig = { page: 'fault', columns: ['detail'], levelFilter: true };

/** 故障报警 (/alarm/repair/index): fault alarms from the vehicle data (10001-10022). */
export default function FaultAlarmsPage() {
  return <AlarmListPage config={CONFIG} />;
}
