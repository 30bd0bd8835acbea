// The requests API. Every route needs a signed-in user; only students book, only a request's
// own parties read or change it (someone else's id answers 404). Changes publish realtime notices
// after their transaction commits. A RequestFailure (an ApiFailure with its `code`) thrown anywhere
// below is answered by app.onError.
import { Hono, type Context } from 'hono';
import { seriesValidationKeys } from '../../../contract/series';
import {
  cancelInputSchema,
  createRequestSchema,
  evaluationInputSchema,
  rejectInputSchema,
  requestsQuerySchema,
  rescheduleInputSchema,
} from '../../../contract/requests';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/respond';
import { idFrom, jsonBody, queryParams } from '../../http/validate';
import { tr, type MessageKey } from '../../i18n';
import type { Logger } from '../../logger';
import type { Publisher } from '../../realtime/publisher';
import { requireCaller, requireFamily } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { createRequest } from './booking';
import { cancelSeries, createSeries, previewSeries } from './series';
import { announce, announceMove, announceProposal, announceSeries } from './notices';
import { answerProposal } from './proposals';
import { listRequests, requestDetail } from './reads';
import { RequestFailure, type Viewer } from './rows';
import { sweepAndPublish } from './sweep';
import { changeRequest, rateRequest, rescheduleRequest, type ChangeAction } from './transitions';

export interface RequestsRoutesOptions {
  auth: AuthMiddleware;
  publisher: Publisher | undefined;
  log: Logger;
  now: () => Date;
}

/** The caller as a request's party: the family is the request's `student` side (as on the wire). */
function viewerOf(c: Context<AppEnv>): Viewer {
  const caller = requireCaller(c);
  return caller.kind === 'family' ? { id: caller.familyId, role: 'student' } : { id: caller.teacherId, role: 'teacher' };
}

function requestId(c: Context<AppEnv>): number {
  return idFrom(c, 'id', 'request_not_found');
}

export function requestsRoutes({ auth, publisher, log, now }: RequestsRoutesOptions) {
  // Before a change: settle that one request if it is overdue (expire/finish, with its notices), so
  // the change meets the stored status the machine expects. Reads need no sweep (reads.ts).
  const settle = async (c: Context<AppEnv>, id: number, at: Date) => {
    try {
      await sweepAndPublish(c.get('db'), publisher, at, id);
    } catch (err) {
      // The change still runs: the machine refuses what the deadline forbids; the timer retries.
      log.error('requests: settling an overdue request failed', { id, err: err instanceof Error ? err.message : String(err) });
    }
  };
  const change = (action: ChangeAction, key: MessageKey) => async (c: Context<AppEnv>) => {
    const viewer = viewerOf(c);
    const id = requestId(c);
    // A reject takes its optional reason, a cancel its reason (required of a teacher); approve and end are bodiless.
    const options =
      action === 'reject' ? await jsonBody(c, rejectInputSchema) : action === 'cancel' ? await jsonBody(c, cancelInputSchema) : {};
    const at = now();
    await settle(c, id, at);
    const result = await changeRequest(c.get('db'), id, viewer, action, at, options);
    await announce(c.get('db'), publisher, result, 'updated');
    return ok(c, await requestDetail(c.get('db'), id, viewer, c.get('locale'), at), key);
  };

  const answer = (to: 'accept' | 'decline', key: MessageKey) => async (c: Context<AppEnv>) => {
    const viewer = viewerOf(c);
    const id = requestId(c);
    const at = now();
    // A proposal past its time lapses here first, so a late accept meets it closed.
    await settle(c, id, at);
    const change = await answerProposal(c.get('db'), id, viewer, to, at);
    await announceProposal(c.get('db'), publisher, change);
    return ok(c, await requestDetail(c.get('db'), id, viewer, c.get('locale'), at), key);
  };

  return new Hono<AppEnv>()
    .post('/requests', auth.requireUser, async (c) => {
      const family = requireFamily(c, () => new RequestFailure(403, 'requests_students_only'));
      const viewer: Viewer = { id: family.familyId, role: 'student' };
      const body = await jsonBody(c, createRequestSchema);
      const at = now();
      if (body.repeat_weeks) {
        // A weekly series: every confirmed week booked at once; the answer is its first lesson.
        const { seriesId, lessons } = await createSeries(c.get('db'), family.familyId, body, at);
        await announceSeries(c.get('db'), publisher, seriesId, lessons, 'offered');
        return ok(c, await requestDetail(c.get('db'), lessons[0]!.id, viewer, c.get('locale'), at), 'series_created', 201);
      }
      const created = await createRequest(c.get('db'), family.familyId, body, at);
      await announce(c.get('db'), publisher, created, 'offered');
      return ok(c, await requestDetail(c.get('db'), created.id, viewer, c.get('locale'), at), 'request_created', 201);
    })
    .post('/series/preview', auth.requireUser, async (c) => {
      const family = requireFamily(c, () => new RequestFailure(403, 'requests_students_only'));
      const body = await jsonBody(c, createRequestSchema);
      if (!body.repeat_weeks) throw new RequestFailure(400, seriesValidationKeys.weeksRange, 'repeat_weeks');
      return ok(c, await previewSeries(c.get('db'), family.familyId, body, now()));
    })
    .post('/series/:id/cancel', auth.requireUser, async (c) => {
      const family = requireFamily(c, () => new RequestFailure(403, 'requests_students_only'));
      const seriesId = idFrom(c, 'id', new RequestFailure(404, 'series_not_found'));
      const at = now();
      const { changes, kept } = await cancelSeries(c.get('db'), family.familyId, seriesId, at);
      await announceSeries(c.get('db'), publisher, seriesId, changes, 'updated');
      return ok(c, { canceled: changes.map((ch) => ch.id), kept }, kept.length ? 'series_canceled_some_kept' : 'series_canceled');
    })
    .get('/requests', auth.requireUser, async (c) => {
      const viewer = viewerOf(c);
      const query = queryParams(c, requestsQuerySchema);
      const at = now();
      const { items, total } = await listRequests(c.get('db'), viewer, query, c.get('locale'), at);
      return c.json({ message: tr('ok', c.get('locale')), data: items, meta: { page: query.page, per_page: query.per_page, total } });
    })
    .get('/requests/:id', auth.requireUser, async (c) => {
      const viewer = viewerOf(c);
      const id = requestId(c);
      const at = now();
      return ok(c, await requestDetail(c.get('db'), id, viewer, c.get('locale'), at));
    })
    .post('/requests/:id/approve', auth.requireUser, change('approve', 'request_approved'))
    .post('/requests/:id/reject', auth.requireUser, change('reject', 'request_rejected'))
    .post('/requests/:id/cancel', auth.requireUser, change('cancel', 'request_canceled'))
    .post('/requests/:id/end', auth.requireUser, change('end', 'session_ended_early'))
    .post('/requests/:id/reschedule', auth.requireUser, async (c) => {
      const viewer = viewerOf(c);
      const id = requestId(c);
      const body = await jsonBody(c, rescheduleInputSchema);
      const at = now();
      await settle(c, id, at);
      const moved = await rescheduleRequest(c.get('db'), id, viewer, body.starts_at, at);
      await announceMove(c.get('db'), publisher, moved);
      return ok(
        c,
        await requestDetail(c.get('db'), id, viewer, c.get('locale'), at),
        moved.proposal ? 'reschedule_proposed' : 'request_rescheduled',
      );
    })
    .post('/requests/:id/reschedule/accept', auth.requireUser, answer('accept', 'reschedule_accepted'))
    .post('/requests/:id/reschedule/decline', auth.requireUser, answer('decline', 'reschedule_declined'))
    .post('/requests/:id/evaluation', auth.requireUser, async (c) => {
      const viewer = viewerOf(c);
      const id = requestId(c);
      const body = await jsonBody(c, evaluationInputSchema);
      const at = now();
      await settle(c, id, at);
      await rateRequest(c.get('db'), id, viewer, body, at);
      return ok(c, await requestDetail(c.get('db'), id, viewer, c.get('locale'), at), 'evaluation_saved', 201);
    });
}
