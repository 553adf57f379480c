import { Typography } from 'antd';
import { Link } from 'react-router';
import { texts } from '../../../locales';
import { AlarmListPage, type AlarmPageConfig } from '../AlarmListPage';

const CONFIG: AlarmPageConfig = {
  page: 'repair',
  columns: ['detail'],
  levelFilter: true,
  defaultDays: 7,
  rowLink: (row) => (
    <Link to={`/intellect-repair/hitch-query/detail?id=${row.id}`}>
      <Typography.Link>{texts.alarms.hitchDetail}</Typography.Link>
    </Link>
  ),
};

/** 维修报警 (/intellect-repair/hitch-query): vehicle faults that call for repair, with their detail. */
export default function RepairAlarmsPage() {
  return <AlarmListPage config={CONFIG} />;
}
