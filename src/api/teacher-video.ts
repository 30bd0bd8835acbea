// Server data of the teacher's intro video (contract/teacher-video.ts): reading their own, sending a new
// one with its poster (with progress), removing it; and what a change refreshes.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { envelopeSchema } from '../../contract/envelope';
import { POSTER_FIELD, VIDEO_FIELD } from '../../contract/teacher-video';
import { teacherVideoResultSchema, type TeacherVideo } from '../../contract/teacher-video-schema';
import { api, readAnswer, type ApiClient } from './client';
import { messageAnswer } from './message-answer';
import { uploadWithProgress } from './upload';

export type { TeacherVideo };

const videoAnswerSchema = envelopeSchema(teacherVideoResultSchema);

export const videoKeys = { own: ['profile', 'video'] as const };

export function ownVideoQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: videoKeys.own,
    queryFn: async ({ signal }) => (await readAnswer(client('v1/profile/video', { signal }), videoAnswerSchema)).data.video,
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
  const answer = await readAnswer(uploadWithProgress('v1/profile/video', body, onProgress), videoAnswerSchema);
  return { message: answer.message, video: answer.data.video };
}

export async function removeVideo(client: ApiClient = api): Promise<string> {
  return (await readAnswer(client('v1/profile/video', { method: 'DELETE' }), messageAnswer)).message;
}

/** After a change: the teacher's own video, and the teacher page and preview that show it. */
export function videoChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: videoKeys.own });
  // The teachers' root key, written out for the reason given in ./profile.ts `photoChanged`.
  void queryClient.invalidateQueries({ queryKey: ['teachers'] });
}
