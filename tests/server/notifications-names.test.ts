// Names in notifications, in the reader's language: a notification is stored once, with the names as an
// Arabic reader reads them, and an English reader gets the Latin-letters names (the other party's and the
// child's) when the list is read, whenever the row was stored, and in the e-mail and SMS composed when
// sent. Rows stored in shapes of long ago still read in both languages.
import { describe, expect, it } from 'vitest';
import type { AppNotification, NotificationParams } from '../../contract/notifications';
import { createOutboxSms, readOutbox } from '../../server/adapters/sms';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { notify } from '../../server/modules/notifications/service';
import { createDevMailSender, createSmsSender, runOutbox, type ChannelSender } from '../../server/modules/outbox';
import { readDevMail } from '../../server/modules/outbox/email';
import { body, bookAfter, creditHours, makeStudent, makeTeacher, requestsFile } from './requests-helpers';

const ctx = requestsFile();

const notificationsOf = async (user: number, locale: 'ar' | 'en') => {
  const res = await ctx.as(user, locale).get('/api/v1/notifications');
  expect(res.status).toBe(200);
  return (await body<AppNotification[]>(res)).data;
};
const ofType = (list: AppNotification[], type: AppNotification['type']) => list.find((n) => n.type === type)!;

/**
 * A teacher «عمر الخطيب» (Omar Al-Khatib), a family «طالب الاختبار» without a Latin name and its child
 * «جود المري» (Joud Al-Marri), each with an e-mail address (the family's verified), and a lesson booked.
 */
async function people() {
  const teacher = await makeTeacher(ctx.db, { first: 'عمر', last: 'الخطيب' });
  await ctx.db.query(`UPDATE users SET latin_name = 'Omar Al-Khatib', email = $2 WHERE id = $1`, [teacher, `teacher-${teacher}@noor.test`]);
  const family = await makeStudent(ctx.db);
  await ctx.db.query(`UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1`, [family, `family-${family}@noor.test`]);
  await creditHours(ctx.db, family, 3);
  const phase = (await ctx.db.one<{ id: number }>("SELECT id FROM phases WHERE code = 'primary_4'"))!.id;
  const child = (
    await body<{ id: number }>(
      await ctx.as(family).post('/api/v1/children', {
        first_name: 'جود',
        last_name: 'المري',
        gender: 'female',
        phase_id: phase,
        latin_name: 'Joud Al-Marri',
      }),
    )
  ).data.id;
  const booked = await bookAfter(ctx, family, teacher, 3, 1, { child_id: child });
  expect(booked.res.status, JSON.stringify(booked.json)).toBe(201);
  return { teacher, family, child, phase, request: booked.json.data.id };
}

describe('names in notifications', () => {
  it('are the Latin-letters names for an English reader and the Arabic ones for an Arabic reader, on both sides', async () => {
    const { teacher, family, request } = await people();
    expect((await ctx.as(teacher).post(`/api/v1/requests/${request}/approve`)).status).toBe(200);

    // Stored as an Arabic reader reads it.
    const stored = await ctx.db.one<{ params: NotificationParams }>(
      `SELECT params FROM notifications WHERE user_id = $1 AND type = 'request_approved'`,
      [family],
    );
    expect(stored?.params).toMatchObject({ other_name: 'عمر الخطيب', child: { first_name: 'جود', last_name: 'المري' } });

    expect(ofType(await notificationsOf(family, 'en'), 'request_approved').params).toMatchObject({
      other_name: 'Omar Al-Khatib',
      child: { first_name: 'Joud', last_name: 'Al-Marri', phase: { name: 'Primary 4 (Grade 4)' } },
    });
    expect(ofType(await notificationsOf(family, 'ar'), 'request_approved').params).toMatchObject({
      other_name: 'عمر الخطيب',
      child: { first_name: 'جود', last_name: 'المري', phase: { name: 'الصف الرابع الابتدائي' } },
    });
    // The teacher reads the child's given name only; the family has no Latin name, so its Arabic one stays.
    const offered = ofType(await notificationsOf(teacher, 'en'), 'request_offered').params;
    expect(offered).toMatchObject({ other_name: 'طالب الاختبار', child: { first_name: 'Joud', last_name: null } });

    // Marking one read answers it named the same way.
    const id = ofType(await notificationsOf(family, 'en'), 'request_approved').id;
    const read = await body<{ notification: AppNotification }>(await ctx.as(family, 'en').post(`/api/v1/notifications/${id}/read`));
    expect(read.data.notification.params).toMatchObject({ other_name: 'Omar Al-Khatib', child: { first_name: 'Joud' } });
  });

  it('name a message’s sender in Latin letters for an English reader', async () => {
    const { teacher, family, request } = await people();
    expect((await ctx.as(teacher).post(`/api/v1/requests/${request}/approve`)).status).toBe(200);
    const opened = await body<{ id: number }>(await ctx.as(family).post('/api/v1/conversations', { teacher_id: teacher }));
    expect((await ctx.as(teacher).post(`/api/v1/conversations/${opened.data.id}/messages`, { body: 'أهلًا' })).status).toBe(201);
    expect(ofType(await notificationsOf(family, 'en'), 'message_received').params.other_name).toBe('Omar Al-Khatib');
    expect(ofType(await notificationsOf(family, 'ar'), 'message_received').params.other_name).toBe('عمر الخطيب');
  });

  it('read rows stored before, in any old shape, in both languages', async () => {
    const { family, child, phase, request } = await people();
    const rows: { type: string; params: unknown }[] = [
      // As stored before Latin names (and before the child's gender was): the Arabic names only.
      {
        type: 'request_approved',
        params: {
          request_id: request,
          starts_at: '2030-01-06T09:00:00.000Z',
          other_name: 'عمر الخطيب',
          subject_ar: 'الرياضيات',
          child: { id: child, first_name: 'جود', last_name: 'المري', phase: { id: phase, name: 'الصف الرابع الابتدائي' } },
        },
      },
      { type: 'session_reminder_soon', params: { request_id: request, other_name: 'عمر الخطيب' } },
      // Older still: no child, no names at all, ids of rows that are gone, values of the wrong kind.
      { type: 'teacher_approved', params: {} },
      { type: 'request_expired', params: { request_id: 2_000_000_000, other_name: 'معلم سابق' } },
      { type: 'message_received', params: { conversation_id: 2_000_000_000, other_name: 'مرسل سابق' } },
      { type: 'request_canceled', params: { request_id: 'x', other_name: 42, child: { id: 'x', first_name: 'ريم' } } },
      { type: 'request_rejected', params: { request_id: request, child: { id: child, first_name: 'جود', last_name: null, phase: {} } } },
    ];
    for (const r of rows) {
      await ctx.db.query(
        `INSERT INTO notifications (user_id, type, params, target_type, target_id) VALUES ($1, $2, $3::jsonb, 'requests', NULL)`,
        [family, r.type, JSON.stringify(r.params)],
      );
    }
    for (const locale of ['ar', 'en'] as const) {
      const list = await notificationsOf(family, locale);
      const en = locale === 'en';
      expect(ofType(list, 'request_approved').params).toMatchObject({
        other_name: en ? 'Omar Al-Khatib' : 'عمر الخطيب',
        child: {
          first_name: en ? 'Joud' : 'جود',
          last_name: en ? 'Al-Marri' : 'المري',
          phase: { name: en ? 'Primary 4 (Grade 4)' : 'الصف الرابع الابتدائي' },
        },
      });
      expect(ofType(list, 'session_reminder_soon').params.other_name).toBe(en ? 'Omar Al-Khatib' : 'عمر الخطيب');
      expect(ofType(list, 'teacher_approved').params).toEqual({});
      expect(ofType(list, 'request_expired').params.other_name).toBe('معلم سابق');
      expect(ofType(list, 'message_received').params.other_name).toBe('مرسل سابق');
      expect(ofType(list, 'request_canceled').params).toEqual({ request_id: 'x', other_name: 42, child: { id: 'x', first_name: 'ريم' } });
      // A child stored with a null last name (a teacher's view) keeps it null; its Latin given name is read.
      expect(ofType(list, 'request_rejected').params.child).toEqual({
        id: child,
        first_name: en ? 'Joud' : 'جود',
        last_name: null,
        phase: {},
      });
    }
  });

  it('are the Latin-letters ones in the e-mail and SMS to an English reader, composed when sent', async () => {
    const { teacher, family, request } = await people();
    // The language of e-mail and SMS is the one each account reads in, as it is when they are sent.
    await ctx.db.query(`UPDATE users SET locale = 'en' WHERE id = ANY($1::int[])`, [[family, teacher]]);
    const prefs = await ctx.app.request('/api/v1/profile/notification-preferences', {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await issueToken(ctx.db, family, new Date())}`,
      },
      body: JSON.stringify({ kinds: { reminders: { sms: true } } }),
    });
    expect(prefs.status).toBe(200);
    expect((await ctx.as(teacher).post(`/api/v1/requests/${request}/approve`)).status).toBe(200);
    // A reminder as the reminder job stores it: the teacher's name in Arabic.
    await notify(ctx.db, undefined, {
      userId: family,
      type: 'session_reminder_soon',
      params: { request_id: request, starts_at: '2030-01-06T09:00:00.000Z', subject_en: 'Mathematics', other_name: 'عمر الخطيب' },
    });

    const log = createLogger('silent');
    const senders: Record<'email' | 'sms', ChannelSender> = {
      email: createDevMailSender({ publicUrl: 'https://noor.test' }),
      sms: createSmsSender({ sms: createOutboxSms({ db: ctx.db, log, production: false }) }),
    };
    while ((await runOutbox(ctx.db, { senders, now: new Date(Date.now() + 60_000) })) > 0);

    const mails = await readDevMail(ctx.db, `family-${family}@noor.test`);
    const approved = mails.find((m) => m.subject === 'Your lesson is confirmed');
    expect(approved?.text).toContain('Omar Al-Khatib accepted your');
    expect(mails.map((m) => m.text).join('\n')).not.toContain('عمر');
    // The teacher is greeted by the first word of their Latin name.
    const toTeacher = await readDevMail(ctx.db, `teacher-${teacher}@noor.test`);
    expect(toTeacher.length).toBeGreaterThan(0);
    expect(toTeacher[0]!.text).toContain('Hello Omar,');

    const phone = (await ctx.db.one<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [family]))!.phone;
    const texts = await readOutbox(ctx.db, phone);
    expect(texts.map((t) => t.text).join('\n')).toContain('Omar Al-Khatib');
  });
});
