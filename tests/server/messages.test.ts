// Messages between a family and a teacher, on both drivers: a conversation opens once a request exists
// between them (a teacher who lost a broadcast gets none from it), only the two parties read or write
// it, texts are 1..1000 characters, a sender is limited to 20 a minute, reading marks read (counts,
// the header's total, the conversation's notification), a new message is announced on the recipient's
// private channel and notified once while unread, and a reported message is kept for the operators.
import { describe, expect, it } from 'vitest';
import {
  chatMessageResponseSchema,
  conversationListSchema,
  conversationResponseSchema,
  MESSAGE_CREATED_EVENT,
  MESSAGES_READ_EVENT,
  messagePageResponseSchema,
  SEND_LIMIT,
} from '../../contract/messages';
import type { RequestDetail } from '../../contract/requests';
import { renderEmail } from '../../server/modules/outbox/email-templates';
import { userChannel } from '../../contract/realtime-names';
import { body, bookAfter, creditHours, HOUR, makeStudent, makeTeacher, requestsFile, scheduleBody, T0 } from './requests-helpers';

const ctx = requestsFile();

/** A family with a request to a teacher, and the conversation the family opened with them. */
async function pair() {
  const teacher = await makeTeacher(ctx.db, { first: 'هدى', last: 'السليطي' });
  const family = await makeStudent(ctx.db);
  await creditHours(ctx.db, family, 3);
  expect((await bookAfter(ctx, family, teacher)).res.status).toBe(201);
  const opened = await ctx.as(family).post('/api/v1/conversations', { teacher_id: teacher });
  expect(opened.status).toBe(201);
  return { teacher, family, id: conversationResponseSchema.parse(await opened.json()).data.id };
}

const send = (who: number, id: number, text: string, locale: 'ar' | 'en' = 'en') =>
  ctx.as(who, locale).post(`/api/v1/conversations/${id}/messages`, { body: text });
const page = async (who: number, id: number, query = '') =>
  messagePageResponseSchema.parse(await (await ctx.as(who).get(`/api/v1/conversations/${id}/messages${query}`)).json());
const list = async (who: number) => conversationListSchema.parse(await (await ctx.as(who).get('/api/v1/conversations')).json());

describe('opening a conversation', () => {
  it('needs a request between the family and the teacher; either side gets the same conversation', async () => {
    const { teacher, family, id } = await pair();
    // Opening again answers the same one (200), from either side.
    const again = await ctx.as(family).post('/api/v1/conversations', { teacher_id: teacher });
    expect(again.status).toBe(200);
    expect(conversationResponseSchema.parse(await again.json()).data).toMatchObject({
      id,
      other: { id: teacher, name: 'هدى السليطي', role: 'teacher' },
      last_message: null,
      unread_count: 0,
    });
    const fromTeacher = await ctx.as(teacher).post('/api/v1/conversations', { family_id: family });
    expect(fromTeacher.status).toBe(200);
    expect(conversationResponseSchema.parse(await fromTeacher.json()).data).toMatchObject({ id, other: { id: family, role: 'family' } });

    // A teacher the family never asked: 403 with a sentence; no such teacher: 404; the wrong field: 400.
    const stranger = await makeTeacher(ctx.db);
    const refused = await ctx.as(family, 'ar').post('/api/v1/conversations', { teacher_id: stranger });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('تبدأ المحادثة مع المعلم بعد أن تطلب منه حصة');
    expect((await ctx.as(family).post('/api/v1/conversations', { teacher_id: 2_000_000_000 })).status).toBe(404);
    expect((await ctx.as(family).post('/api/v1/conversations', { family_id: family })).status).toBe(400);
    // A teacher naming a family they have no request with learns nothing about it.
    expect((await ctx.as(stranger).post('/api/v1/conversations', { family_id: family })).status).toBe(404);
    expect((await ctx.as(stranger).post('/api/v1/conversations', { family_id: 2_000_000_000 })).status).toBe(404);
    expect((await ctx.as(null).post('/api/v1/conversations', { teacher_id: teacher })).status).toBe(401);
  });

  it('counts a broadcast for the teacher who took it, not for one who lost it', async () => {
    const chosen = await makeTeacher(ctx.db, { gender: 'female' });
    const winner = await makeTeacher(ctx.db, { gender: 'female' });
    const family = await makeStudent(ctx.db);
    await creditHours(ctx.db, family, 2);
    const made = await ctx
      .as(family)
      .post(
        '/api/v1/requests',
        scheduleBody(chosen, ctx.math, new Date(T0.getTime() + 3 * HOUR), 1, { broadcast: true, preferred_gender: 'female' }),
      );
    expect(made.status).toBe(201);
    const request = (await body<RequestDetail>(made)).data.id;
    expect((await ctx.as(winner).post(`/api/v1/requests/${request}/approve`)).status).toBe(200);
    expect((await ctx.as(winner).post('/api/v1/conversations', { family_id: family })).status).toBe(201);
    expect((await ctx.as(chosen).post('/api/v1/conversations', { family_id: family })).status).toBe(404);
    expect((await ctx.as(family).post('/api/v1/conversations', { teacher_id: chosen })).status).toBe(403);
  });
});

describe('writing and reading', () => {
  it('lets only the two parties read and write; others get 404, nobody signed in 401', async () => {
    const { teacher, family, id } = await pair();
    expect((await send(family, id, 'السلام عليكم، هل يمكن تقديم الحصة ساعة؟')).status).toBe(201);
    const otherFamily = await makeStudent(ctx.db);
    const otherTeacher = await makeTeacher(ctx.db);
    for (const who of [otherFamily, otherTeacher]) {
      expect((await ctx.as(who).get(`/api/v1/conversations/${id}/messages`)).status).toBe(404);
      expect((await send(who, id, 'مرحبا')).status).toBe(404);
      expect((await list(who)).data).toEqual([]);
    }
    expect((await ctx.as(null).get(`/api/v1/conversations/${id}/messages`)).status).toBe(401);
    expect((await ctx.as(teacher).get('/api/v1/conversations/abc/messages')).status).toBe(404);
    const read = await page(teacher, id);
    expect(read.data.messages.map((m) => [m.body, m.mine])).toEqual([['السلام عليكم، هل يمكن تقديم الحصة ساعة؟', false]]);
  });

  it('takes 1 to 1000 characters after trimming, phone numbers and links included, and refuses hidden text', async () => {
    const { family, id } = await pair();
    const long = await send(family, id, 'ب'.repeat(1001), 'ar');
    expect(long.status).toBe(400);
    expect(((await long.json()) as { errors: Record<string, string[]> }).errors.body).toEqual(['اكتب رسالة من حرف واحد إلى 1000 حرف']);
    expect((await send(family, id, '   ')).status).toBe(400);
    expect((await send(family, id, '\u200B\u200B')).status).toBe(400);
    expect((await send(family, id, 'abc\u202Edef')).status).toBe(400);
    expect((await ctx.as(family).post(`/api/v1/conversations/${id}/messages`, { body: 5 })).status).toBe(400);
    const exact = await send(family, id, `  ${'ب'.repeat(1000)}  `);
    expect(exact.status).toBe(201);
    expect(chatMessageResponseSchema.parse(await exact.json()).data.body).toHaveLength(1000);
    const contact = await send(family, id, 'رقمي +974 5512 3456 والرابط https://example.com/lesson');
    expect(chatMessageResponseSchema.parse(await contact.json()).data).toMatchObject({
      body: 'رقمي +974 5512 3456 والرابط https://example.com/lesson',
      mine: true,
    });
  });

  it('limits a sender to 20 messages a minute with a 429 in their language', async () => {
    const { family, teacher, id } = await pair();
    for (let i = 0; i < SEND_LIMIT; i++) expect((await send(family, id, `رسالة ${i}`)).status).toBe(201);
    const over = await send(family, id, 'واحدة أخرى', 'ar');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await over.json()) as { message: string }).message).toBe('أرسلت رسائل كثيرة في وقت قصير، انتظر دقيقة ثم حاول مجدداً');
    // The other party is not limited by it, and the sender may write again a minute later.
    expect((await send(teacher, id, 'وعليكم السلام')).status).toBe(201);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 61_000);
    expect((await send(family, id, 'بعد دقيقة')).status).toBe(201);
  });

  it('counts unread messages, marks them read when the conversation is read, and pages oldest first', async () => {
    const { family, teacher, id } = await pair();
    for (let i = 1; i <= 35; i++) {
      ctx.clock.now = new Date(T0.getTime() + i * 4000);
      expect((await send(family, id, `سؤال ${i}`)).status).toBe(201);
    }
    const before = await list(teacher);
    expect(before.meta.unread_total).toBe(35);
    expect(before.data[0]).toMatchObject({ id, unread_count: 35, last_message: { body: 'سؤال 35', mine: false } });
    // The family wrote them: nothing unread on its side.
    expect((await list(family)).meta.unread_total).toBe(0);

    const first = await page(teacher, id);
    expect(first.data.messages.map((m) => m.body)).toEqual(Array.from({ length: 30 }, (_, i) => `سؤال ${i + 6}`));
    expect(first.data.has_more).toBe(true);
    expect(first.meta.unread_total).toBe(0);
    expect(first.data.conversation.unread_count).toBe(0);
    const older = await page(teacher, id, `?before=${first.data.messages[0]!.id}`);
    expect(older.data.messages.map((m) => m.body)).toEqual(['سؤال 1', 'سؤال 2', 'سؤال 3', 'سؤال 4', 'سؤال 5']);
    expect(older.data.has_more).toBe(false);
    expect((await list(teacher)).meta.unread_total).toBe(0);
    // The reader's other tabs heard the new total.
    expect(ctx.published).toContainEqual({
      channels: [userChannel(teacher)],
      event: MESSAGES_READ_EVENT,
      data: { conversation_id: id, unread_total: 0 },
    });
    expect((await ctx.as(teacher).get(`/api/v1/conversations/${id}/messages?limit=0`)).status).toBe(400);
    expect((await ctx.as(teacher).get(`/api/v1/conversations/${id}/messages?before=x`)).status).toBe(400);
  });

  it('announces a new message on the recipient’s private channel and notifies once while unread', async () => {
    const { family, teacher, id } = await pair();
    ctx.published.length = 0;
    const sent = chatMessageResponseSchema.parse(await (await send(family, id, 'هل الواجب صفحة 12؟')).json()).data;
    expect(ctx.published).toContainEqual({
      channels: [userChannel(teacher)],
      event: MESSAGE_CREATED_EVENT,
      data: { conversation_id: id, message_id: sent.id, unread_total: 1 },
    });
    expect(ctx.published.filter((p) => p.event === 'notification.created' && p.channels[0] === userChannel(teacher))).toHaveLength(1);
    await send(family, id, 'وأيضاً صفحة 13');
    const notes = async () =>
      (
        (await (await ctx.as(teacher).get('/api/v1/notifications')).json()) as {
          data: Array<{
            type: string;
            read_at: string | null;
            params: { conversation_id?: number; other_name?: string };
            link: { kind: string; id: number | null };
          }>;
        }
      ).data.filter((n) => n.type === 'message_received');
    const once = await notes();
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({
      read_at: null,
      params: { conversation_id: id, other_name: 'طالب الاختبار' },
      link: { kind: 'conversation', id },
    });
    // Reading the conversation reads its notification; the next message notifies again.
    await page(teacher, id);
    expect((await notes()).every((n) => n.read_at !== null)).toBe(true);
    await send(family, id, 'شكراً');
    expect((await notes()).filter((n) => n.read_at === null)).toHaveLength(1);
  });
});

describe('a suspended teacher', () => {
  it('keeps the conversation readable, but nobody writes in it or opens it again', async () => {
    const { family, teacher, id } = await pair();
    expect((await send(family, id, 'سؤال عن الواجب')).status).toBe(201);
    await ctx.db.query("UPDATE users SET status = 'suspended' WHERE id = $1", [teacher]);
    const closed = await send(family, id, 'هل أنت هنا؟', 'ar');
    expect(closed.status).toBe(403);
    expect(((await closed.json()) as { message: string }).message).toBe('حساب هذا المعلم موقوف، فلا يمكن المراسلة في هذه المحادثة الآن');
    expect((await ctx.as(family).post('/api/v1/conversations', { teacher_id: teacher })).status).toBe(403);
    expect((await page(family, id)).data.messages.map((m) => m.body)).toEqual(['سؤال عن الواجب']);
  });
});

describe('reporting a message', () => {
  it('keeps the other party’s message with who reported it and why, for support to read', async () => {
    const { family, teacher, id } = await pair();
    const mine = chatMessageResponseSchema.parse(await (await send(teacher, id, 'رسالة غير لائقة')).json()).data;
    const url = `/api/v1/conversations/${id}/messages/${mine.id}/report`;
    // The writer cannot report their own; a stranger cannot reach it.
    expect((await ctx.as(teacher).post(url, {})).status).toBe(409);
    expect((await ctx.as(await makeStudent(ctx.db)).post(url, {})).status).toBe(404);
    expect((await ctx.as(family).post(`/api/v1/conversations/${id}/messages/2000000000/report`, {})).status).toBe(404);
    expect((await ctx.as(family).post(url, { reason: 'x'.repeat(501) })).status).toBe(400);
    const reported = await ctx.as(family).post(url, { reason: 'كلام غير مناسب' });
    expect(reported.status).toBe(200);
    expect((await page(family, id)).data.messages[0]).toMatchObject({ id: mine.id, reported: true });
    // The writer is not told who reported it.
    expect((await page(teacher, id)).data.messages[0]!.reported).toBe(false);
    // Reporting again keeps the first report.
    expect((await ctx.as(family).post(url, { reason: 'مرة أخرى' })).status).toBe(200);
    const row = await ctx.db.one<{ reported_by: number; report_reason: string; body: string }>(
      'SELECT reported_by, report_reason, body FROM messages WHERE id = $1',
      [mine.id],
    );
    expect(row).toEqual({ reported_by: family, report_reason: 'كلام غير مناسب', body: 'رسالة غير لائقة' });
  });
});

describe('the e-mail of a new message', () => {
  it('names the sender in the reader’s language, right-to-left in Arabic, and links to the conversation', () => {
    const input = {
      type: 'message_received' as const,
      params: { conversation_id: 4, other_name: 'هدى الكعبي' },
      timeZone: 'Asia/Qatar',
      recipientName: 'أم مريم',
      link: 'https://noor.example/messages/4',
    };
    const ar = renderEmail({ ...input, locale: 'ar' });
    expect(ar.subject).toBe('رسالة جديدة من هدى الكعبي');
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.text).toContain('https://noor.example/messages/4');
    expect(renderEmail({ ...input, locale: 'en' }).subject).toBe('A new message from هدى الكعبي');
  });
});
