// The intro video's wire format (contract/teacher-video.ts has the limits and addresses).
import { z } from 'zod';
import { VIDEO_TYPES } from './teacher-video';

export const videoVersionSchema = z.string().regex(/^[a-f0-9]{32}$/);

export const teacherVideoSchema = z.object({
  version: videoVersionSchema,
  content_type: z.enum(VIDEO_TYPES),
  size: z.number().int().positive(),
  /** Read from the container by the server, in milliseconds. */
  duration_ms: z.number().int().nonnegative(),
});
export type TeacherVideo = z.infer<typeof teacherVideoSchema>;

export const teacherVideoResultSchema = z.object({ video: teacherVideoSchema.nullable() });
export type TeacherVideoResult = z.infer<typeof teacherVideoResultSchema>;
