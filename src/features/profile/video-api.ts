// Server data of the teacher's intro video (contract/teacher-video.ts): reading their own, sending a new
// one with its poster (with progress), removing it.
import { queryOptions } from '@tanstack/react-query';
import { POSTER_FIELD, VIDEO_FIELD } from '../../../contract/teacher-video';
import { teacherVideoResultSchema, type TeacherVideo } from '../../../contract/teacher-video-schema';
import { api, type ApiClient, type Envelope } from '../../api/client';
import { uploadWithProgress } from '../../api/upload';

export type { TeacherVideo };

export const videoKeys = { own: ['profile', 'video'] as const };

export function ownVideoQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: videoKeys.own,
    queryFn: async ({ signal }) =>
      teacherVideoResultSchema.parse((await client<Envelope<unknown>>('v1/profile/video', { signal })).data).video,
  });
}

/** POST v1/profile/video: the video and the captured poster; `onProgress` gets 0–1 as the bytes go out. */
export async function uploadVideo(
  video: File,
  poster: Blob,
  onProgress: (share: number) => void,
): Promise<{ message: string; video: TeacherVideo | null }> {
  const body = new FormData();
  body.set(VIDEO_FIELD, video);
  body.set(POSTER_FIELD, poster, 'poster.jpg');
  const res = await uploadWithProgress<Envelope<unknown>>('v1/profile/video', body, onProgress);
  return { message: res.message, video: teacherVideoResultSchema.parse(res.data).video };
}

export async function removeVideo(client: ApiClient = api): Promise<string> {
  return (await client<Envelope<unknown>>('v1/profile/video', { method: 'DELETE' })).message;
}
