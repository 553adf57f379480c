/**
 * The top bar's place for the alarm reminder (spec core section 2): the alarms issue renders the
 * reminder popover here. Until then it renders nothing.
 */
export function AlarmReminderSlot() {
  return null;
}
