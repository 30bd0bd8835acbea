// Messages between families and teachers: the routes for app.ts, and the operators' read and review of reports.
export { messagesRoutes } from './routes';
export { reportedMessages, reviewReport } from './service';
