// The teacher intro video module: upload and removal by the teacher, the public stream and poster, and
// what staff review reads of any teacher's video.
export { teacherVideoRoutes, VIDEO_UPLOAD_PATHS } from './routes';
export { reviewVideo, toWire as videoOnWire, videoVersionOf } from './service';
