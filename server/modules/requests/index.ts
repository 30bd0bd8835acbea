// The requests module: its routes for app.ts, the sweep main.ts runs on a timer, and what the
// sessions module reuses (the sweep's finish, with its notices).
export { requestsRoutes } from './routes';
export { sweepAndPublish, /** @internal read only by the tests */ sweepRequests } from './sweep';
