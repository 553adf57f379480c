import { RecordPage } from '../../../kit';
import { planScheduleRecord } from '../planSchedule.record';

/** 车辆排班计划: /car-dispatch/vehicle-schedule (car050203). */
export default function PlanSchedulesPage() {
  return <RecordPage record={planScheduleRecord} />;
}
