// The teacher photo module (issue 11): upload, removal and the public, content-hashed photo files.
export { photoRoutes, PHOTO_UPLOAD_PATHS } from './routes';
export { photoOf } from './service';
