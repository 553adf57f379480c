import { AlarmListPage, type AlarmPageConfig } from '../AlarmListPage';

const CONFIG: AlarmPageConfig = { page: 'record', columns: ['category', 'evidence'], levelFilter: true };

/** 报警记录 (/alarm/record): every alarm of the vehicles, of every kind. */
export default function AlarmRecordsPage() {
  return <AlarmListPage config={CONFIG} />;
}
