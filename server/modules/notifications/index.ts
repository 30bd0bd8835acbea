// The notifications module's public face: its routes for app.ts, `notify` for the producers (requests,
// payments, teacher review), and the reminder job main.ts runs every minute.
export { notificationsRoutes, type NotificationsRoutesOptions } from './routes';
export { notify, recordNotification, publishUnread, unreadCount, linkOf, type NotifyInput } from './service';
export { notifyOrder, notifyRequestChange, notifyTeacherStatus, type RequestChangeNotice } from './producers';
export { runReminders, startReminders, type ReminderRun } from './reminders';
