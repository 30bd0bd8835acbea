// Booking a session with one teacher, the guided statechart v2: the machine lives in
// ./booking/machine.ts, its rules in ./booking/fields.ts and the sessionStorage draft in
// ./booking/persist.ts; this module is the one import path the app and tests use.
// Decisions: docs/decisions.md "Guided booking and time zones" and "Guided booking flow".
export * from './booking/fields';
export * from './booking/machine';
export * from './booking/persist';
