import { AlarmListPage, type AlarmPageConfig } from '../AlarmListPage';

const CONFIG: AlarmPageConfig = { page: 'plan', columns: ['line', 'detail'] };

/** 时效报警 (/time/effect/alarm): late departure and arrival, route deviation, parking timeout. */
export default function TimeEffectAlarmsPage() {
  return <AlarmListPage config={CONFIG} />;
}
