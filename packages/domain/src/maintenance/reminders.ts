/**
 * Reminder codes of the maintenance pages: messages (type 1, the vehicle-alarm pop-up, as the
 * approval reminders) to the users of the truck's team who hold the page's menu code.
 */
export const MAINTENANCE_REMINDER = { code: 8101, title: '保养到期提醒', menuCode: 'car050206' } as const;
export const CERTIFICATE_REMINDER = { code: 8102, title: '证件到期提醒', menuCode: 'car050205' } as const;
