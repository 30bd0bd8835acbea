// The requests module: its routes for app.ts, the sweep main.ts runs on a timer, and what the
// sessions module reuses (the sweep's finish).
export { requestsRoutes, type RequestsRoutesOptions } from './routes';
export { createRequest } from './booking';
export { changeRequest } from './transitions';
export { RequestFailure } from './rows';
export { sweepAndPublish, sweepRequests } from './sweep';
