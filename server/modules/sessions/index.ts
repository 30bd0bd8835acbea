// The live session module: token, attendance and end routes, and the attendance reader the
// requests module can show on the session details.
export { sessionsRoutes } from './routes';
export { sessionAttendance, type AgoraCredentials } from './service';
