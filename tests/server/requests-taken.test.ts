// A broadcast another teacher won, as the teachers who lost it see it: listed as taken by another
// teacher (never upcoming, current or finished for them), without the family's details, without a
// channel, and refused at the live session's door — while the winner keeps it as their own session.
import { describe, expect, it } from 'vitest';
import type { RequestDetail, RequestFilter, RequestSummary } from '../../contract/requests';
import { HOUR, T0, body, creditHours, makeStudent, makeTeacher, requestsFile, scheduleBody } from './requests-helpers';

const ctx = requestsFile();

async function idsUnder(teacher: number, filter: RequestFilter): Promise<number[]> {
  const res = await ctx.as(teacher).get(`/api/v1/requests?filter=${filter}&per_page=50`);
  expect(res.status).toBe(200);
  return (await body<RequestSummary[]>(res)).data.map((r) => r.id);
}

describe('a broadcast taken by another teacher', () => {
  it('leaves the losers’ upcoming, current and finished lists, reads as taken, and lets them into no session', async () => {
    const chosen = await makeTeacher(ctx.db, { gender: 'female' });
    const winner = await makeTeacher(ctx.db, { gender: 'female' });
    const bystander = await makeTeacher(ctx.db, { gender: 'female' });
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 2);
    const phone = (await ctx.db.one<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [student]))!.phone;
    const startsAt = new Date(T0.getTime() + 3 * HOUR);
    const made = await ctx
      .as(student)
      .post(
        '/api/v1/requests',
        scheduleBody(chosen, ctx.math, startsAt, 1, { broadcast: true, preferred_gender: 'female', comment: 'Fractions, please' }),
      );
    expect(made.status).toBe(201);
    const id = (await body<RequestDetail>(made)).data.id;
    const offeredTo = (await ctx.db.query<{ teacher_id: number }>('SELECT teacher_id FROM request_offers WHERE request_id = $1', [id])).map(
      (o) => o.teacher_id,
    );
    expect(offeredTo).toEqual(expect.arrayContaining([chosen, winner, bystander]));

    // Before anybody takes it, it is a new offer for every one of them, not taken.
    for (const t of [chosen, bystander]) {
      const offer = (await body<RequestDetail>(await ctx.as(t).get(`/api/v1/requests/${id}`))).data;
      expect(offer).toMatchObject({ status: 'pending', taken_by_other: false, actions: ['approve', 'reject'] });
    }

    expect((await ctx.as(winner).post(`/api/v1/requests/${id}/approve`)).status).toBe(200);
    const channel = (await ctx.db.one<{ channel_name: string }>('SELECT channel_name FROM requests WHERE id = $1', [id]))!.channel_name;

    // Upcoming: the winner's session, nobody else's.
    expect(await idsUnder(winner, 'upcoming')).toContain(id);
    for (const loser of [chosen, bystander]) {
      expect(await idsUnder(loser, 'upcoming')).not.toContain(id);
      expect(await idsUnder(loser, 'all')).toContain(id);
      expect(await idsUnder(loser, 'canceled')).toContain(id);
      const listed = (await body<RequestSummary[]>(await ctx.as(loser).get('/api/v1/requests?filter=all&per_page=50'))).data.find(
        (r) => r.id === id,
      )!;
      expect(listed).toMatchObject({
        status: 'approved',
        taken_by_other: true,
        actions: [],
        join_channel: null,
        student: { id: 0, first_name: '' },
      });
      expect(listed.child).toMatchObject({ id: 0, first_name: '' });

      const res = await ctx.as(loser).get(`/api/v1/requests/${id}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      // Nothing of the family beyond what an offer showed: no names, no comment, never the phone, no channel.
      expect(text).not.toContain(phone);
      expect(text).not.toContain(channel);
      expect(text).not.toContain('Fractions');
      const detail = (JSON.parse(text) as { data: RequestDetail }).data;
      expect(detail).toMatchObject({ taken_by_other: true, channel_name: null, comment: null, actions: [], join_channel: null });
      // Neither action of an offer is left, whatever they try.
      expect((await ctx.as(loser).post(`/api/v1/requests/${id}/approve`)).status).toBe(409);
      expect((await ctx.as(loser).post(`/api/v1/requests/${id}/reject`)).status).toBe(409);
    }
    const won = (await body<RequestDetail>(await ctx.as(winner).get(`/api/v1/requests/${id}`))).data;
    expect(won).toMatchObject({ taken_by_other: false, channel_name: channel });
    expect(await idsUnder(winner, 'canceled')).not.toContain(id);

    // Inside the session: current for the winner only; the losers cannot get a token or record events.
    ctx.clock.now = new Date(startsAt.getTime() + 5 * 60_000);
    expect(await idsUnder(winner, 'current')).toContain(id);
    const winnerList = (await body<RequestSummary[]>(await ctx.as(winner).get('/api/v1/requests?filter=current'))).data.find(
      (r) => r.id === id,
    )!;
    expect(winnerList).toMatchObject({ join_channel: channel, taken_by_other: false });
    expect((await ctx.as(winner).post(`/api/v1/sessions/${channel}/token`)).status).toBe(200);
    for (const loser of [chosen, bystander]) {
      expect(await idsUnder(loser, 'current')).not.toContain(id);
      const listed = (await body<RequestSummary[]>(await ctx.as(loser).get('/api/v1/requests?filter=all&per_page=50'))).data.find(
        (r) => r.id === id,
      )!;
      expect(listed).toMatchObject({ taken_by_other: true, actions: [], join_channel: null });
      const token = await ctx.as(loser).post(`/api/v1/sessions/${channel}/token`);
      expect(token.status).toBe(403);
      expect(await token.text()).not.toContain('"token"');
      expect((await ctx.as(loser).post(`/api/v1/sessions/${channel}/events`, { type: 'joined' })).status).toBe(403);
      expect((await ctx.as(loser).get(`/api/v1/sessions/${channel}/attendance`)).status).toBe(403);
    }

    // After it ends: finished for the winner; for the losers it stays closed, never their finished session.
    ctx.clock.now = new Date(startsAt.getTime() + 2 * HOUR);
    expect(await idsUnder(winner, 'finished')).toContain(id);
    for (const loser of [chosen, bystander]) {
      expect(await idsUnder(loser, 'finished')).not.toContain(id);
      expect(await idsUnder(loser, 'canceled')).toContain(id);
      const detail = (await body<RequestDetail>(await ctx.as(loser).get(`/api/v1/requests/${id}`))).data;
      expect(detail).toMatchObject({ status: 'finished', taken_by_other: true, channel_name: null, actions: [] });
    }
  });

  it('a teacher’s own sessions and a broadcast they won are not taken by another; a family never sees the flag set', async () => {
    const teacher = await makeTeacher(ctx.db);
    const student = await makeStudent(ctx.db);
    await creditHours(ctx.db, student, 1);
    const made = await ctx.as(student).post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(T0.getTime() + 3 * HOUR)));
    const id = (await body<RequestDetail>(made)).data.id;
    expect((await ctx.as(teacher).post(`/api/v1/requests/${id}/approve`)).status).toBe(200);
    expect(await idsUnder(teacher, 'upcoming')).toContain(id);
    expect(await idsUnder(teacher, 'canceled')).not.toContain(id);
    const mine = (await body<RequestDetail>(await ctx.as(teacher).get(`/api/v1/requests/${id}`))).data;
    expect(mine.taken_by_other).toBe(false);
    const family = (await body<RequestSummary[]>(await ctx.as(student).get('/api/v1/requests?filter=upcoming'))).data;
    expect(family.map((r) => [r.id, r.taken_by_other])).toEqual([[id, false]]);
  });
});
