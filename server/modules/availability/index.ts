// The availability module: one teacher's bookable times, and the rule POST v1/requests uses.
export { availabilityRoutes } from './routes';
export { freeBetween, inHoursAt, schedulesByTeacher } from './queries';
export { slotProblem } from './rules';
