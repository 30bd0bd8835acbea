// A lived-in first start: on an empty database the demo student gets a history, so every
// screen shows what it is for — a paid purchase, requests in every state (pending, approved today and
// joinable now, finished and rated, canceled, expired) with their timelines, and notifications. All
// times are relative to the moment of seeding. The hours go through the real ledger functions, so
// the balance the screens show adds up. One demo teacher no e2e spec signs in as takes the sessions, in
// both of the subjects he teaches.
import { randomBytes } from 'node:crypto';
import { debitHours, refundHours } from '../modules/packages';
import { creditPurchase } from '../modules/packages/ledger';
import { DEMO_HISTORY_TEACHER } from './seed-data/demo-people';
import type { Queryable } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Status = 'pending' | 'approved' | 'finished' | 'canceled' | 'expired';

interface DemoRequest {
  status: Status;
  /** Which of the teacher's two subjects. */
  teacher: 0 | 1;
  /** Start, relative to now. */
  startsIn: number;
  hours: number;
  comment: string;
  /** History after "pending", each [status, actor, minutes after booking]. */
  history: [Status, 'student' | 'teacher' | 'system', number][];
}

/** One of each state the requests screen filters by, oldest first. */
const REQUESTS: DemoRequest[] = [
  {
    status: 'finished',
    teacher: 0,
    startsIn: -6 * DAY,
    hours: 1,
    comment: 'مراجعة سورة الملك.',
    history: [
      ['approved', 'teacher', 20],
      ['finished', 'system', 0],
    ],
  },
  { status: 'canceled', teacher: 1, startsIn: -3 * DAY, hours: 1, comment: 'تمارين على الإعراب.', history: [['canceled', 'student', 90]] },
  { status: 'expired', teacher: 1, startsIn: -DAY, hours: 2, comment: 'مراجعة قبل الاختبار.', history: [['expired', 'system', 0]] },
  // Started a few minutes ago: the Join button is live on a first visit.
  { status: 'approved', teacher: 0, startsIn: -5 * MINUTE, hours: 1, comment: 'تلاوة وتجويد.', history: [['approved', 'teacher', 15]] },
  { status: 'pending', teacher: 1, startsIn: 2 * DAY, hours: 1, comment: 'أحتاج مساعدة في قواعد الهمزة.', history: [] },
];

/** The demo student's purchase: the 4-hour package, paid two weeks ago. */
async function seedPurchase(tx: Queryable, studentId: number, now: Date): Promise<number> {
  const pkg = await tx.one<{ id: number; hours: number; price_minor: number; currency: string; validity_days: number }>(
    'SELECT id, hours, price_minor, currency, validity_days FROM packages WHERE hours = 4 ORDER BY id LIMIT 1',
  );
  if (!pkg) throw new Error('seed: the 4-hour package is missing');
  const paidAt = new Date(now.getTime() - 14 * DAY);
  const order = await tx.one<{ id: number }>(
    `INSERT INTO orders (user_id, package_id, hours, validity_days, list_price_minor, amount_minor, currency, status,
       expires_at, paid_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6, 'paid', $7, $7, $7, $7) RETURNING id`,
    [studentId, pkg.id, pkg.hours, pkg.validity_days, pkg.price_minor, pkg.currency, paidAt],
  );
  if (!order) throw new Error('seed: order not inserted');
  await creditPurchase(tx, { userId: studentId, orderId: order.id, hours: pkg.hours, validityDays: pkg.validity_days, paidAt });
  await tx.query(
    `INSERT INTO notifications (user_id, type, params, target_type, created_at, read_at)
     VALUES ($1, 'payment_completed', $2::jsonb, 'packages', $3, $3)`,
    [studentId, JSON.stringify({ order_id: order.id, hours: pkg.hours }), paidAt],
  );
  return pkg.hours;
}

async function teacherFor(tx: Queryable, phone: string, phaseId: number, subjectIndex: number) {
  const row = await tx.one<{ id: number; subject_id: number; name: string }>(
    `SELECT u.id, ts.subject_id, concat_ws(' ', u.first_name, u.last_name) AS name
       FROM users u JOIN teacher_subjects ts ON ts.teacher_id = u.id JOIN teacher_phases tp ON tp.teacher_id = u.id
      WHERE u.phone = $1 AND tp.phase_id = $2 ORDER BY ts.subject_id OFFSET $3 LIMIT 1`,
    [phone, phaseId, subjectIndex],
  );
  if (!row) throw new Error(`seed: demo teacher ${phone} does not teach the demo student's phase`);
  return row;
}

const NOTICE: Partial<Record<Status, string>> = { approved: 'request_approved', expired: 'request_expired' };

export async function seedDemoHistory(tx: Queryable, studentId: number, now = new Date()): Promise<void> {
  await seedPurchase(tx, studentId, now);
  const student = await tx.one<{ phase_id: number; name: string }>(
    "SELECT phase_id, concat_ws(' ', first_name, last_name) AS name FROM users WHERE id = $1",
    [studentId],
  );
  if (!student) throw new Error('seed: demo student missing');
  const teachers = [
    await teacherFor(tx, DEMO_HISTORY_TEACHER, student.phase_id, 0),
    await teacherFor(tx, DEMO_HISTORY_TEACHER, student.phase_id, 1),
  ];

  for (const r of REQUESTS) {
    const teacher = teachers[r.teacher]!;
    const startsAt = new Date(Math.floor((now.getTime() + r.startsIn) / MINUTE) * MINUTE);
    const endsAt = new Date(startsAt.getTime() + r.hours * HOUR);
    const bookedAt = new Date(Math.min(startsAt.getTime() - DAY, now.getTime() - 2 * HOUR));
    const row = await tx.one<{ id: number }>(
      `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at,
         duration_hours, expires_at, comment, paid_with, channel_name, created_at, updated_at)
       VALUES ($1, $2, $2, $3, 'schedule', $4, $5, $6, $7, $5, $8, 'hours', $9, $10, $10) RETURNING id`,
      [
        studentId,
        teacher.id,
        teacher.subject_id,
        r.status,
        startsAt,
        endsAt,
        r.hours,
        r.comment,
        randomBytes(16).toString('hex'),
        bookedAt,
      ],
    );
    if (!row) throw new Error('seed: request not inserted');
    const ref = { type: 'request', id: row.id };
    // Paid from the purchase; the free trial stays open for the visitor to try booking themselves.
    await debitHours(tx, studentId, r.hours, ref, { now: bookedAt });
    if (r.status === 'canceled' || r.status === 'expired') await refundHours(tx, studentId, ref, { now });

    await tx.query(`INSERT INTO request_history (request_id, status, actor_role, actor_id, at) VALUES ($1, 'pending', 'student', $2, $3)`, [
      row.id,
      studentId,
      bookedAt,
    ]);
    for (const [status, actor, after] of r.history) {
      // A system step happens at its moment: the end of a finished session, the start of an expired request.
      const at = actor === 'system' ? (status === 'finished' ? endsAt : startsAt) : new Date(bookedAt.getTime() + after * MINUTE);
      const actorId = actor === 'student' ? studentId : actor === 'teacher' ? teacher.id : null;
      await tx.query('INSERT INTO request_history (request_id, status, actor_role, actor_id, at) VALUES ($1, $2, $3, $4, $5)', [
        row.id,
        status,
        actor,
        actorId,
        at,
      ]);
    }

    if (r.status === 'finished') {
      // Both were there the whole hour; the student rated it.
      for (const userId of [studentId, teacher.id]) {
        await tx.query(`INSERT INTO session_events (request_id, user_id, type, at) VALUES ($1, $2, 'joined', $3), ($1, $2, 'left', $4)`, [
          row.id,
          userId,
          startsAt,
          endsAt,
        ]);
      }
      await tx.query(
        'INSERT INTO evaluations (teacher_id, student_id, rating, comment, request_id, created_at) VALUES ($1, $2, 5, $3, $4, $5)',
        [teacher.id, studentId, 'حصة ممتعة، وابني متحمس للدرس القادم.', row.id, new Date(endsAt.getTime() + 10 * MINUTE)],
      );
    }
    const type = NOTICE[r.status];
    if (type) {
      await tx.query(
        `INSERT INTO notifications (user_id, type, params, target_type, target_id, created_at)
         VALUES ($1, $2, $3::jsonb, 'request', $4, $5)`,
        [
          studentId,
          type,
          JSON.stringify({ request_id: row.id, starts_at: startsAt.toISOString(), other_name: teacher.name }),
          row.id,
          r.status === 'expired' ? startsAt : new Date(bookedAt.getTime() + 15 * MINUTE),
        ],
      );
    }
  }
}
