/**
 * The staff's notifications: the bell's items (one per member), each member's five settings and
 * the e-mail copies, the event handlers that write them, the weekly summary.
 */
export { notifyStaff, type StaffNotice, type StaffNoticeOptions } from './notify-staff.service';
export {
  isoWeekLabel,
  isoWeekMonday,
  weeklySchoolFigures,
  type WeeklySchoolFigures,
} from './weekly-figures';
export type { StaffNotificationRow } from './notifications.tables';
export { notificationEventHandlers, staffNoticeHandlers } from './staff-notice.handlers';
export { notificationsRoutes } from './notifications.routes';
export { weeklySummaryJob } from './weekly-summary.job';
