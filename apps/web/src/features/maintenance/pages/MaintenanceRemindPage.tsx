import { Tabs } from 'antd';
import { RecordPage } from '../../../kit';
import { texts } from '../../../locales';
import { maintenancePlanRecord } from '../maintenancePlan.record';
import { RecordList } from '../RecordList';
import { RemindList } from '../RemindList';

const t = texts.maintenance.tabs;

/** 保养提醒 (/reminder/maintenance, car050206): plans due soon or overdue, the plans, the services. */
export default function MaintenanceRemindPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'remind', label: t.remind, children: <RemindList /> },
        { key: 'plans', label: t.plans, children: <RecordPage record={maintenancePlanRecord} /> },
        { key: 'records', label: t.records, children: <RecordList /> },
      ]}
    />
  );
}
