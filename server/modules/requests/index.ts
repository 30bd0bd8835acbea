// The requests module: its routes for app.ts, and the sweep main.ts runs on a timer.
export { requestsRoutes, sweepAndPublish, type RequestsRoutesOptions } from './routes';
export { sweepRequests, createRequest, changeRequest, RequestFailure } from './service';
export { startRequestSweep } from './sweep';
