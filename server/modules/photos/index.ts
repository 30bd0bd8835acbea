// The teacher photo module: upload, removal and the public, content-hashed photo files.
export { photoRoutes, PHOTO_UPLOAD_PATHS } from './routes';
export { photoOf, preparePhoto, savePhoto } from './service';
