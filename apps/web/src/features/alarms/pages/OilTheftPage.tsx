import { AlarmListPage, type AlarmPageConfig } from '../AlarmListPage';

const CONFIG: AlarmPageConfig = { page: 'theft', columns: ['detail'], defaultDays: 7 };

/** 疑似偷油 (/oil-consumption/suspected-theft): fuel-level drops while parked, last 7 days first. */
export default function OilTheftPage() {
  return <AlarmListPage config={CONFIG} />;
}
