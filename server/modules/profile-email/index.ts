// A family's e-mail address: added, verified by a code or a link e-mailed through the outbox, removed.
export { profileEmailRoutes, verifyEmailLinkRoutes } from './routes';
