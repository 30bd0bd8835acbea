// The requests module: its routes for app.ts, the sweep main.ts runs on a timer, and what the
// sessions module reuses (the sweep's finish).
export { requestsRoutes } from './routes';
export { sweepAndPublish, sweepRequests } from './sweep';
