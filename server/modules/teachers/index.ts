// The teachers module: the public list and teacher pages; the requests module reuses its batched
// readers (working hours, busy times) for the booking rules.
export { teachersRoutes } from './routes';
export { busyByTeacher, findTeacher } from './queries';
export { warmPublicReads } from './warm';
