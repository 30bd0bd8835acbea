// The availability module (issue 11): one teacher's bookable times, and the rule POST v1/requests uses.
export { availabilityRoutes } from './routes';
export { schedulesByTeacher, scheduleOf } from './queries';
export { availableNow, availableStarts, slotProblem, type TeacherSchedule } from './rules';
