// A teacher's intro video: the limits both sides check, the wire format and its public addresses.
//
//   GET    v1/profile/video   (teacher)  → { message, data: { video } }   the teacher's own, or null
//   POST   v1/profile/video   (teacher, multipart: `video` MP4/WebM ≤ 30 MB and ≤ 60 s, `poster` JPEG/PNG/WebP ≤ 2 MB)
//                                        → { message, data: { video } }   413 too large, 422 wrong kind or too long
//   DELETE v1/profile/video   (teacher)  → { message, data: { video: null } }
//   GET    v1/teachers/{id}/video        (public, active teachers only; Range requests) the video's bytes
//   GET    v1/teachers/{id}/video/poster (public, active teachers only) the poster, a WebP
//
// The teacher page and the guest preview carry `video`: its version (a content hash), or null.
// Kept apart from the schemas below so the player can name its files without bringing zod.

export const VIDEO_MAX_BYTES = 30 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 60;
/**
 * How far past VIDEO_MAX_SECONDS a container's stated duration may go: a "one minute" recording states
 * its last frame's length too (60.04 s at 25 frames a second), which no one should have to trim.
 */
export const VIDEO_DURATION_GRACE_MS = 500;
export const POSTER_MAX_BYTES = 2 * 1024 * 1024;
export const VIDEO_FIELD = 'video';
export const POSTER_FIELD = 'poster';
/** What the file input offers; the server decides by the bytes, never by this. */
export const VIDEO_ACCEPT = 'video/mp4,video/webm,.mp4,.webm';
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

/** The video's and its poster's addresses under the API base; `version` makes a new video a new address. */
export function teacherVideoPath(teacherId: number, version: string): string {
  return `v1/teachers/${teacherId}/video?v=${version}`;
}
export function teacherPosterPath(teacherId: number, version: string): string {
  return `v1/teachers/${teacherId}/video/poster?v=${version}`;
}
