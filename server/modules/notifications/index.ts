// The notifications module's public face: its routes for app.ts, `notify` for the producers (requests,
// payments, teacher review), and the reminder job main.ts runs every minute.
export { notificationsRoutes } from './routes';
export { notifyLessonReport, notifyMessage, readMessageNotifications } from './producers';
export { runReminders } from './reminders';
