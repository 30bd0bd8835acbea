// @vitest-environment jsdom
// A teacher's intro video on their profile: a file that is not MP4/WebM, is over 30 MB or runs over
// 60 s is refused here with a localized message and nothing is sent; a good one goes with its captured
// poster by XMLHttpRequest, its progress shown; the server's refusal is shown as it says it; the saved
// video plays here once the teacher is active, and can be removed. (jsdom plays no media: the browser's
// reading of the file, video-file.ts, stands in; the real reading is walked in the e2e layout sweep.)
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeacherVideo } from '../../../contract/teacher-video-schema';
import type { ProfileDetails } from '../../../src/api/profile';
import { VideoSection } from '../../../src/features/profile/video-section';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';
import { fakeXhr, teacher } from './profile-fixtures';

const read = vi.hoisted(() => ({ outcome: null as null | 'duration' | 'unreadable' }));
vi.mock('../../../src/features/profile/video-file', async (original) => {
  const real = await original<typeof import('../../../src/features/profile/video-file')>();
  return {
    ...real,
    readVideo: async () => {
      if (read.outcome) throw new real.VideoFileError(read.outcome);
      return { durationSeconds: 12, poster: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }) };
    },
  };
});

const saved: TeacherVideo = { version: 'a'.repeat(32), content_type: 'video/mp4', size: 3 * 1024 * 1024, duration_ms: 42_000 };
let own: TeacherVideo | null = null;
function server(url: string, method: string): Reply {
  if (url.endsWith('/v1/profile/video') && method === 'GET') return { status: 200, json: { message: 'ok', data: { video: own } } };
  if (url.endsWith('/v1/profile/video') && method === 'DELETE') {
    own = null;
    return { status: 200, json: { message: 'Your intro video was removed', data: { video: null } } };
  }
  return { status: 404, json: { message: 'not found' } };
}

const render = (profile: ProfileDetails = teacher, locale: 'en' | 'ar' = 'en') =>
  renderRouted({ locale, component: () => <VideoSection profile={profile} />, route: server });

const choose = (file: File) => fireEvent.change(screen.getByTestId('video-input'), { target: { files: [file] } });
const fileOf = (name: string, type: string, size = 1000) => {
  const file = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

beforeEach(() => {
  toast.clear();
  own = null;
  read.outcome = null;
});
cleanUpAfterEach();

describe('VideoSection', () => {
  it('refuses another kind of file, one over 30 MB and one over 60 s before sending anything', async () => {
    const xhr = fakeXhr();
    render();
    const section = within(await screen.findByTestId('profile-video'));
    await section.findByRole('button', { name: 'Add a video' });
    choose(fileOf('intro.avi', 'video/x-msvideo'));
    expect(await section.findByText('Choose an MP4 or WebM video.')).toBeTruthy();
    choose(fileOf('intro.mp4', 'video/mp4', 31 * 1024 * 1024));
    expect(await section.findByText('The video is larger than 30 MB. Choose a shorter or smaller one.')).toBeTruthy();
    read.outcome = 'duration';
    choose(fileOf('intro.webm', 'video/webm'));
    expect(await section.findByText('The video is longer than 60 seconds. Choose a shorter one.')).toBeTruthy();
    expect(xhr.sent).toHaveLength(0);
  });

  it('sends the video with its poster, shows the progress, then the saved video', async () => {
    const xhr = fakeXhr();
    render();
    const section = within(await screen.findByTestId('profile-video'));
    await section.findByRole('button', { name: 'Add a video' });
    // A file the system gave no type is judged by its name.
    choose(fileOf('intro.mp4', ''));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const sending = xhr.sent[0]!;
    expect(sending.url).toMatch(/\/v1\/profile\/video$/);
    expect((sending.body.get('video') as File).name).toBe('intro.mp4');
    expect((sending.body.get('poster') as File).type).toBe('image/jpeg');
    act(() => sending.progress(0.5));
    expect((await section.findByRole('progressbar', { name: 'Upload progress' })).getAttribute('value')).toBe('50');
    expect(section.getByText('Uploading… 50%')).toBeTruthy();
    own = saved;
    act(() => sending.respond(200, { message: 'Your intro video was saved', data: { video: saved } }));
    await waitFor(() => expect(toast.getSnapshot()[0]).toMatchObject({ severity: 'success', summary: 'Your intro video was saved' }));
    expect(await section.findByText('Length 0:42, size 3 MB')).toBeTruthy();
    const player = section.getByTestId('intro-video');
    expect(player.getAttribute('preload')).toBe('none');
    expect(player.hasAttribute('autoplay')).toBe(false);
    expect(player.getAttribute('poster')).toContain(`/v1/teachers/${teacher.id}/video/poster?v=${saved.version}`);
    expect(section.queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's refusal as it says it", async () => {
    const xhr = fakeXhr();
    render();
    const section = within(await screen.findByTestId('profile-video'));
    await section.findByRole('button', { name: 'Add a video' });
    choose(fileOf('intro.mp4', 'video/mp4'));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    act(() => xhr.sent[0]!.respond(422, { message: 'The video is longer than 60 seconds; choose a shorter one' }));
    expect((await section.findByRole('alert')).textContent).toBe('The video is longer than 60 seconds; choose a shorter one');
  });

  it('a teacher in review is told families see it after approval; removing it asks the server; Arabic passes axe', async () => {
    // A short clip's size in kilobytes, not "0 MB".
    own = { ...saved, size: 180 * 1024, duration_ms: 3_008 };
    render({ ...teacher, status: 'in_review' }, 'ar');
    const section = within(await screen.findByTestId('profile-video'));
    expect(await section.findByText('ستراه الأسر بعد اعتماد ملفك.')).toBeTruthy();
    expect(section.getByText('المدة 0:03، الحجم 180 كيلوبايت')).toBeTruthy();
    expect(section.queryByTestId('intro-video')).toBeNull();
    expect((await axe.run(screen.getByTestId('profile-video'))).violations).toEqual([]);
    fireEvent.click(section.getByRole('button', { name: 'إزالة الفيديو' }));
    await section.findByRole('button', { name: 'إضافة فيديو' });
  });
});
