// Lesson reports: the routes for app.ts.
export { reportsRoutes } from './routes';
