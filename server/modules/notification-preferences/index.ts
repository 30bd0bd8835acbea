// A person's choices of how to be told outside the app, and one-click unsubscribe from e-mail.
export { notificationPreferencesRoutes } from './routes';
export { unsubscribeRoutes, unsubscribeToken } from './unsubscribe';
