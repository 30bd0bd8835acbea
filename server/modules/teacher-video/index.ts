// The teacher intro video module: upload and removal by the teacher, the public stream and poster.
export { teacherVideoRoutes, VIDEO_UPLOAD_PATHS } from './routes';
export { videoVersionOf } from './service';
