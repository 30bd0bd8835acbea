// Messages between families and teachers: the routes for app.ts, and the operators' read of reports.
export { messagesRoutes } from './routes';
export { reportedMessages } from './service';
