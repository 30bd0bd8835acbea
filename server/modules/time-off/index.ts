// A teacher's time off: the days they are away, which the availability rule honours.
export { timeOffRoutes } from './routes';
