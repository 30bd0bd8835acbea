// Teachers' earnings: the monthly statement (v1) and the rates operators set (admin API).
export { earningsAdminRoutes, earningsRoutes } from './routes';
export { defaultRateFromEnv } from './rates';
