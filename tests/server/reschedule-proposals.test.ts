// Proposals to move an approved session over HTTP: either side proposes a new start (checked by the
// booking rule), the other accepts or declines it, the session keeps its time, payment and channel
// until an accept; unanswered, the proposal lapses at the cut-off. Both sides are told (notification
// and realtime), the timeline shows each step, reminders follow the new start once, and the calendar's
// SEQUENCE grows with the move. Races: two proposals at once, accept against decline, a booking of the
// proposed time before the accept — exactly one winner, nothing lost.
import { describe, expect, it } from 'vitest';
import { notificationPageSchema, type AppNotification } from '../../contract/notifications';
import { REQUEST_EVENTS, type RequestDetail } from '../../contract/requests';
import { runReminders } from '../../server/modules/notifications/reminders';
import { renderEmail } from '../../server/modules/outbox/email-templates';
import { sweepAndPublish } from '../../server/modules/requests';
import { HOUR, balanceMinutesOf, body, bookAfter, makeStudent, creditHours, requestsFile, teacherAndStudent } from './requests-helpers';

const ctx = requestsFile();

const at = (hoursFromNow: number) => new Date(ctx.clock.now.getTime() + hoursFromNow * HOUR).toISOString();

/** An approved session of `hours`, `startsInHours` after the clock. */
async function approvedSession(startsInHours: number, hours = 1) {
  const { teacher, student } = await teacherAndStudent(ctx.db, 5);
  const { res, json } = await bookAfter(ctx, student, teacher, startsInHours, hours);
  expect(res.status, JSON.stringify(json)).toBe(201);
  const approved = await ctx.as(teacher).post(`/api/v1/requests/${json.data.id}/approve`);
  expect(approved.status).toBe(200);
  ctx.published.length = 0;
  return { teacher, student, request: json.data };
}

const call = async (userId: number, path: string, payload?: unknown, locale: 'ar' | 'en' = 'en') => {
  const res = await ctx.as(userId, locale).post(path, payload ?? {});
  return { status: res.status, json: await body<RequestDetail>(res) };
};
const propose = (userId: number, id: number, startsAt: string, locale: 'ar' | 'en' = 'en') =>
  call(userId, `/api/v1/requests/${id}/reschedule`, { starts_at: startsAt }, locale);
const accept = (userId: number, id: number, locale: 'ar' | 'en' = 'en') =>
  call(userId, `/api/v1/requests/${id}/reschedule/accept`, {}, locale);
const decline = (userId: number, id: number) => call(userId, `/api/v1/requests/${id}/reschedule/decline`);
const detailOf = async (userId: number, id: number) => (await body<RequestDetail>(await ctx.as(userId).get(`/api/v1/requests/${id}`))).data;
const told = async (userId: number) =>
  notificationPageSchema
    .parse(await (await ctx.as(userId).get('/api/v1/notifications')).json())
    .data.filter((n) => n.type === 'request_rescheduled');
/** The e-mail (subject and text) the outbox renders from a stored notification, on London's clock. */
const mailOf = (n: AppNotification | undefined, locale: 'ar' | 'en' = 'en') => {
  const mail = renderEmail({
    type: n!.type,
    params: n!.params,
    locale,
    timeZone: 'Europe/London',
    recipientName: 'Sara',
    link: 'https://noor.example/session-details/1',
  });
  return { subject: mail.subject, text: mail.text };
};

describe('proposing a new time for an approved session', () => {
  it('the family proposes, the teacher accepts: the session moves, keeps its payment, and both are told', async () => {
    const { teacher, student, request } = await approvedSession(30, 2);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(3 * 60);

    const proposed = await propose(student, request.id, at(50));
    expect([proposed.status, proposed.json.message]).toEqual([
      200,
      'The new time was proposed; the session keeps its time until it is answered',
    ]);
    // The time holds until an answer.
    expect(proposed.json.data).toMatchObject({ status: 'approved', starts_at: at(30), ends_at: at(32) });
    expect(proposed.json.data.proposal).toEqual({ starts_at: at(50), ends_at: at(52), by: 'student', lapses_at: at(24) });
    expect(proposed.json.data.actions).toEqual(['cancel']);
    expect((await detailOf(teacher, request.id)).actions).toEqual(['cancel', 'reschedule_accept', 'reschedule_decline']);
    expect(ctx.published).toContainEqual({
      channels: [`private-user-${student}`, `private-user-${teacher}`],
      event: REQUEST_EVENTS.updated,
      data: { id: request.id, status: 'approved' },
    });
    // The teacher is told of the proposal (not the family, who made it).
    expect(await told(teacher)).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ proposal: 'proposed', starts_at: at(30), proposed_starts_at: at(50) }) }),
    ]);
    expect(await told(student)).toEqual([]);
    // The e-mail says it is a proposal (never "moved"), names both times with their zone and the button answers it.
    const proposalMail = mailOf((await told(teacher))[0]);
    expect(proposalMail.subject).toMatch(/ proposes a new time for a lesson$/);
    expect(proposalMail.text).toMatch(/proposes a new time for the .+ lesson: .+ London time\./);
    expect(proposalMail.text).toContain('Accept or decline: https://noor.example/session-details/1');
    expect(proposalMail.text).not.toMatch(/moved/);
    expect(mailOf((await told(teacher))[0], 'ar').subject).toMatch(/^يقترح .+ موعدًا جديدًا لدرس$/);

    const accepted = await accept(teacher, request.id, 'ar');
    expect([accepted.status, accepted.json.message]).toEqual([200, 'تم نقل الحصة إلى الموعد الجديد']);
    expect(accepted.json.data).toMatchObject({
      status: 'approved',
      starts_at: at(50),
      ends_at: at(52),
      paid_with: 'hours',
      proposal: null,
    });
    expect(accepted.json.data.channel_name).toBe(request.channel_name ?? accepted.json.data.channel_name);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(3 * 60);
    expect(accepted.json.data.history.filter((h) => h.proposal)).toEqual([
      expect.objectContaining({ status: 'approved', actor_role: 'student', proposal: 'proposed', moved_from: at(30), moved_to: at(50) }),
      expect.objectContaining({ status: 'approved', actor_role: 'teacher', proposal: 'accepted', moved_from: at(30), moved_to: at(50) }),
    ]);
    expect((await told(student)).map((n) => n.params)).toEqual([expect.objectContaining({ proposal: 'accepted', starts_at: at(50) })]);
    expect(mailOf((await told(student))[0]).subject).toMatch(/ accepted the new time$/);
    expect(mailOf((await told(student))[0], 'ar').text).toMatch(/قبل .+ الموعد الجديد لدرس .+ بتوقيت لندن\./);
    // Answered once: a second accept is refused with its code.
    const again = await accept(teacher, request.id);
    expect([again.status, again.json.code]).toEqual([409, 'reschedule_proposal_closed']);

    // The old time is free for another family; the new one is held.
    const other = await makeStudent(ctx.db);
    await creditHours(ctx.db, other, 5);
    expect((await bookAfter(ctx, other, teacher, 30, 2)).res.status).toBe(201);
    const clash = await bookAfter(ctx, other, teacher, 51, 1);
    expect([clash.res.status, clash.json.code]).toEqual([409, 'slot_taken']);
  });

  it('the teacher proposes, the family declines: nothing moves; who may propose, and when', async () => {
    const { teacher, student, request } = await approvedSession(30);
    const stranger = await makeStudent(ctx.db);

    // Refused by the booking rule, with its messages, and nothing kept.
    const tooFar = await propose(teacher, request.id, at(91 * 24));
    expect([tooFar.status, tooFar.json.code, Object.keys(tooFar.json.errors ?? {})]).toEqual([400, 'schedule_too_far', ['starts_at']]);
    expect((await propose(teacher, request.id, at(0.5))).json.code).toBe('schedule_too_soon');
    expect((await propose(stranger, request.id, at(40))).status).toBe(404);
    expect((await detailOf(student, request.id)).proposal).toBeNull();

    expect((await propose(teacher, request.id, at(40))).status).toBe(200);
    // One proposal at a time, from either side.
    const second = await propose(student, request.id, at(44));
    expect([second.status, second.json.code]).toEqual([409, 'reschedule_proposal_open']);
    // The proposer does not answer their own proposal.
    expect((await accept(teacher, request.id)).json.code).toBe('request_not_allowed');

    const declined = await decline(student, request.id);
    expect([declined.status, declined.json.message]).toEqual([200, 'The session keeps its time']);
    expect(declined.json.data).toMatchObject({ starts_at: at(30), proposal: null });
    expect((await told(teacher)).map((n) => n.params.proposal)).toEqual(['declined']);
    expect(mailOf((await told(teacher))[0])).toMatchObject({
      subject: expect.stringMatching(/ kept the current time$/),
      text: expect.stringMatching(
        /declined the proposed time \(.+ London time\) and kept the .+ lesson at its current time: .+ London time\./,
      ),
    });
    expect(declined.json.data.history.map((h) => h.proposal ?? h.status)).toEqual(['pending', 'approved', 'proposed', 'declined']);

    // Past the family's cut-off (6 hours before) only the teacher proposes, until the start; such a
    // late proposal is open until the start.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 25 * HOUR);
    const late = await propose(student, request.id, at(20));
    expect([late.status, late.json.code]).toEqual([409, 'request_not_allowed']);
    const byTeacher = await propose(teacher, request.id, at(20));
    expect(byTeacher.json.data.proposal).toMatchObject({ by: 'teacher', lapses_at: at(5) });
  });

  it('an unanswered proposal lapses at the cut-off: an accept after it is refused with a code, both are told once', async () => {
    const { teacher, student, request } = await approvedSession(30);
    expect((await propose(student, request.id, at(40))).status).toBe(200);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 24 * HOUR); // the cut-off: 6 hours before the start
    const late = await accept(teacher, request.id);
    expect([late.status, late.json.code]).toEqual([409, 'reschedule_proposal_closed']);
    const after = await detailOf(student, request.id);
    expect(after).toMatchObject({ status: 'approved', starts_at: request.starts_at, proposal: null });
    expect(after.history.at(-1)).toMatchObject({ actor_role: 'system', proposal: 'lapsed', at: ctx.clock.now.toISOString() });
    // The timer's sweep after that finds nothing more to do.
    await sweepAndPublish(ctx.db, undefined, ctx.clock.now);
    for (const user of [student, teacher]) expect((await told(user)).filter((n) => n.params.proposal === 'lapsed')).toHaveLength(1);
    const lapsed = (await told(student)).find((n) => n.params.proposal === 'lapsed');
    expect(mailOf(lapsed).subject).toBe('The proposed new time lapsed');
    expect(mailOf(lapsed, 'ar').subject).toBe('انتهت مهلة اقتراح الموعد الجديد');
  });

  it('the sweep lapses a proposal nobody looked at; a cancel leaves none behind', async () => {
    const first = await approvedSession(30);
    expect((await propose(first.teacher, first.request.id, at(40))).status).toBe(200);
    const second = await approvedSession(31);
    expect((await propose(second.student, second.request.id, at(41))).status).toBe(200);
    expect((await ctx.as(second.student).post(`/api/v1/requests/${second.request.id}/cancel`)).status).toBe(200);
    expect((await detailOf(second.teacher, second.request.id)).proposal).toBeNull();

    // Past both cut-offs: the first lapses (told to both); the cancelled one's is closed as void, unannounced.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 25.5 * HOUR);
    expect(await sweepAndPublish(ctx.db, undefined, ctx.clock.now)).toBeGreaterThanOrEqual(1);
    expect((await detailOf(first.student, first.request.id)).history.at(-1)).toMatchObject({ proposal: 'lapsed' });
    const outcomes = await ctx.db.query<{ request_id: number; outcome: string | null }>(
      'SELECT request_id, outcome FROM request_proposals WHERE request_id = ANY($1::int[]) ORDER BY request_id',
      [[first.request.id, second.request.id]],
    );
    expect(outcomes).toEqual([
      { request_id: first.request.id, outcome: 'lapsed' },
      { request_id: second.request.id, outcome: 'void' },
    ]);
    expect((await told(second.student)).filter((n) => n.params.proposal === 'lapsed')).toEqual([]);
  });

  it('reminds of the moved lesson at its new time, exactly once, and the calendar SEQUENCE grows', async () => {
    const { teacher, student, request } = await approvedSession(20);
    const ics = async () => (await (await ctx.as(student).get(`/api/v1/requests/${request.id}/calendar.ics`)).text()).replace(/\r\n /g, '');
    const sequence = (text: string) => Number(/SEQUENCE:(\d+)/.exec(text)?.[1]);
    const before = sequence(await ics());
    // The "starting soon" reminder of the first time goes out…
    const soon = new Date(new Date(request.starts_at).getTime() - 10 * 60_000);
    expect((await runReminders(ctx.db, undefined, soon)).sent).toBe(2);
    const reminders = async () =>
      (
        await ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM notifications WHERE type = 'session_reminder_soon' AND params->>'request_id' = $1`,
          [String(request.id)],
        )
      )[0]!.n;
    expect(await reminders()).toBe(2);

    // …the session moves a day later (teacher proposes, family accepts) …
    ctx.clock.now = new Date(ctx.clock.now.getTime() + HOUR);
    expect((await propose(teacher, request.id, at(24))).status).toBe(200);
    expect((await accept(student, request.id)).status).toBe(200);
    const moved = await ics();
    expect(moved).toContain(`DTSTART:${at(24).replace(/[-:]/g, '').replace('.000', '')}`);
    expect(sequence(moved)).toBeGreaterThan(before);

    // …and its new "starting soon" reminder goes out once more to both, once however often the job runs.
    const newSoon = new Date(new Date(at(24)).getTime() - 10 * 60_000);
    expect((await runReminders(ctx.db, undefined, newSoon)).sent).toBe(2);
    expect((await runReminders(ctx.db, undefined, new Date(newSoon.getTime() + 60_000))).sent).toBe(0);
    expect(await reminders()).toBe(4);
  });
});

describe('races over a proposal: exactly one winner, nothing lost', () => {
  it('two proposals at once: one is kept, the other refused', async () => {
    const { teacher, student, request } = await approvedSession(30);
    const results = await Promise.all([propose(student, request.id, at(40)), propose(teacher, request.id, at(44))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.json.code).toBe('reschedule_proposal_open');
    const open = await ctx.db.query('SELECT id FROM request_proposals WHERE request_id = $1 AND outcome IS NULL', [request.id]);
    expect(open).toHaveLength(1);
  });

  it('an accept racing a decline: one answer stands', async () => {
    const { teacher, student, request } = await approvedSession(30);
    expect((await propose(student, request.id, at(40))).status).toBe(200);
    const [a, d] = await Promise.all([accept(teacher, request.id), decline(teacher, request.id)]);
    expect([a.status, d.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : d;
    expect(loser.json.code).toBe('reschedule_proposal_closed');
    const after = await detailOf(student, request.id);
    expect(after.starts_at).toBe(a.status === 200 ? at(40) : at(30));
    expect(after.history.filter((h) => h.proposal === 'accepted' || h.proposal === 'declined')).toHaveLength(1);
    expect(await balanceMinutesOf(ctx.db, student)).toBe(4 * 60);
  });

  it('the proposed time booked by another family before the accept: the booking wins, the session keeps its time', async () => {
    const { teacher, student, request } = await approvedSession(30);
    expect((await propose(student, request.id, at(40))).status).toBe(200);
    const other = await makeStudent(ctx.db);
    await creditHours(ctx.db, other, 5);
    const [booking, accepted] = await Promise.all([bookAfter(ctx, other, teacher, 40, 1), accept(teacher, request.id)]);
    const winners = [booking.res.status === 201, accepted.status === 200].filter(Boolean);
    expect(winners).toHaveLength(1);
    if (accepted.status !== 200) {
      expect([accepted.status, accepted.json.code]).toEqual([409, 'slot_taken']);
      expect(await detailOf(student, request.id)).toMatchObject({ starts_at: at(30) });
    } else {
      expect([booking.res.status, booking.json.code]).toEqual([409, 'slot_taken']);
    }
    // Nobody's hours are lost: the family's session is still paid; the other family paid once or not at all.
    expect(await balanceMinutesOf(ctx.db, student)).toBe(4 * 60);
    expect(await balanceMinutesOf(ctx.db, other)).toBe(booking.res.status === 201 ? 4 * 60 : 5 * 60);
  });
});
