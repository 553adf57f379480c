import { AlarmListPage, type AlarmPageConfig } from '../AlarmListPage';

const CONFIG: AlarmPageConfig = { page: 'drive', columns: ['detail'], levelFilter: true };

/** 车辆报警 (/alarm/driver/route): driving alarms of the platform rules and the terminals' alarm bits. */
export default function VehicleAlarmsPage() {
  return <AlarmListPage config={CONFIG} />;
}
