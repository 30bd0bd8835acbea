// A family's children: the routes for app.ts, and how requests, sessions and notifications name the child.
export { childrenRoutes } from './routes';
