import { AlarmReminder } from '../features/alarm-reminder/AlarmReminder';

/** The top bar's place for the alarm reminder (spec core section 2): bell, popover, live channel. */
export function AlarmReminderSlot() {
  return <AlarmReminder />;
}
