// A family's children: list, add, change, archive or delete. Every read and write is scoped to the
// family (`family_id`), so another family's child is simply not found (404, never 403).
import { MAX_CHILDREN, type Child, type ChildUpdate } from '../../../contract/children';
import type { Db, Queryable } from '../../db';
import { validationKeys } from '../../../contract/validation';
import { ApiFailure } from '../../http/errors';
import { trValidation, type Locale } from '../../i18n';
import { minutesToHours } from '../packages/ledger';

type ChildRefusalCode = 'child_not_found' | 'children_limit' | 'last_child' | 'children_families_only' | 'phase_invalid';

/** A refusal with its HTTP status and `code` (app.onError answers it); a bad phase is a 400 on `phase_id`. */
export class ChildFailure extends ApiFailure {
  constructor(
    override readonly status: 400 | 403 | 404 | 409,
    override readonly code: ChildRefusalCode,
  ) {
    super(
      status,
      code === 'phase_invalid' ? 'validation_failed' : code === 'child_not_found' ? (locale) => trValidation(code, locale) : code,
      code === 'phase_invalid' ? { code, fields: (locale) => ({ phase_id: [trValidation(validationKeys.invalid, locale)] }) } : { code },
    );
    this.name = 'ChildFailure';
  }
}

interface ChildRow {
  id: number;
  first_name: string;
  last_name: string;
  latin_name: string | null;
  gender: Child['gender'];
  phase_id: number;
  phase_ar: string;
  phase_en: string;
  birth_date: string | null;
  archived_at: Date | null;
  lessons_taken: number;
  minutes_used: number;
}

/**
 * A child with what the family has had of it so far: lessons taken (finished, or approved and over at
 * `now`, the parameter named) and the balance's minutes spent on its lessons net of refunds.
 */
const select = (
  now: string,
) => `SELECT c.id, c.first_name, c.last_name, c.latin_name, c.gender, c.phase_id, p.name_ar AS phase_ar, p.name_en AS phase_en,
    to_char(c.birth_date, 'YYYY-MM-DD') AS birth_date, c.archived_at,
    (SELECT count(*) FROM requests r WHERE r.child_id = c.id
        AND (r.status = 'finished' OR (r.status = 'approved' AND r.ends_at <= ${now}::timestamptz)))::int AS lessons_taken,
    (SELECT COALESCE(-SUM(l.delta_minutes), 0) FROM requests r
       JOIN hours_ledger l ON l.user_id = c.family_id AND l.ref_type = 'request' AND l.ref_id = r.id::text
      WHERE r.child_id = c.id AND l.reason IN ('booking', 'refund'))::int AS minutes_used
  FROM children c JOIN phases p ON p.id = c.phase_id`;

function childOf(row: ChildRow, locale: Locale): Child {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    gender: row.gender,
    phase: { id: row.phase_id, name: locale === 'en' ? row.phase_en : row.phase_ar },
    birth_date: row.birth_date,
    latin_name: row.latin_name,
    archived: row.archived_at !== null,
    lessons_taken: row.lessons_taken,
    hours_used: minutesToHours(row.minutes_used),
  };
}

export async function listChildren(q: Queryable, familyId: number, includeArchived: boolean, locale: Locale, now: Date): Promise<Child[]> {
  // An account from before families (or a completed phone-first sign-up) gets its first child now.
  await q.query('SELECT family_first_child($1)', [familyId]);
  const rows = await q.query<ChildRow>(
    `${select('$2')} WHERE c.family_id = $1${includeArchived ? '' : ' AND c.archived_at IS NULL'} ORDER BY c.id`,
    [familyId, now],
  );
  return rows.map((r) => childOf(r, locale));
}

async function readChild(q: Queryable, familyId: number, id: number, locale: Locale, now: Date): Promise<Child> {
  const row = await q.one<ChildRow>(`${select('$3')} WHERE c.id = $1 AND c.family_id = $2`, [id, familyId, now]);
  if (!row) throw new ChildFailure(404, 'child_not_found');
  return childOf(row, locale);
}

async function assertPhase(q: Queryable, phaseId: number | undefined): Promise<void> {
  if (phaseId === undefined) return;
  if (!(await q.one('SELECT 1 AS x FROM phases WHERE id = $1', [phaseId]))) throw new ChildFailure(400, 'phase_invalid');
}

/** The family's row, locked, so two adds (or an add and an archive) count the children one at a time. */
async function lockFamily(tx: Queryable, familyId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [familyId]);
}

const activeCount = async (tx: Queryable, familyId: number) =>
  Number(
    (await tx.one<{ n: number }>('SELECT count(*) AS n FROM children WHERE family_id = $1 AND archived_at IS NULL', [familyId]))?.n ?? 0,
  );

export async function addChild(
  q: Db,
  familyId: number,
  input: {
    first_name: string;
    last_name: string;
    gender: Child['gender'];
    phase_id: number;
    birth_date?: string | null | undefined;
    latin_name?: string | null | undefined;
  },
  locale: Locale,
  now: Date,
): Promise<Child> {
  await assertPhase(q, input.phase_id);
  const id = await q.transaction(async (tx) => {
    await lockFamily(tx, familyId);
    await tx.query('SELECT family_first_child($1)', [familyId]);
    if ((await activeCount(tx, familyId)) >= MAX_CHILDREN) throw new ChildFailure(409, 'children_limit');
    const row = await tx.one<{ id: number }>(
      `INSERT INTO children (family_id, first_name, last_name, gender, phase_id, birth_date, latin_name, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
      [familyId, input.first_name, input.last_name, input.gender, input.phase_id, input.birth_date ?? null, input.latin_name ?? null, now],
    );
    return row!.id;
  });
  return readChild(q, familyId, id, locale, now);
}

export async function updateChild(
  q: Queryable,
  familyId: number,
  id: number,
  input: ChildUpdate,
  locale: Locale,
  now: Date,
): Promise<Child> {
  await readChild(q, familyId, id, locale, now);
  await assertPhase(q, input.phase_id as number | undefined);
  const sets: string[] = [];
  const params: unknown[] = [id, familyId];
  for (const field of ['first_name', 'last_name', 'gender', 'phase_id', 'birth_date', 'latin_name'] as const) {
    if (input[field] === undefined) continue;
    params.push(input[field]);
    sets.push(`${field} = $${params.length}`);
  }
  params.push(now);
  await q.query(`UPDATE children SET ${[...sets, `updated_at = $${params.length}`].join(', ')} WHERE id = $1 AND family_id = $2`, params);
  return readChild(q, familyId, id, locale, now);
}

/**
 * Removes a child: archived when any request names it (kept in history, hidden from booking),
 * otherwise deleted. The family keeps at least one active child. Null when deleted.
 */
export async function removeChild(q: Db, familyId: number, id: number, locale: Locale, now: Date): Promise<Child | null> {
  const archived = await q.transaction(async (tx) => {
    await lockFamily(tx, familyId);
    const row = await tx.one<{ archived_at: Date | null }>('SELECT archived_at FROM children WHERE id = $1 AND family_id = $2', [
      id,
      familyId,
    ]);
    if (!row) throw new ChildFailure(404, 'child_not_found');
    if (row.archived_at === null && (await activeCount(tx, familyId)) <= 1) throw new ChildFailure(409, 'last_child');
    const history = await tx.one('SELECT 1 AS x FROM requests WHERE child_id = $1 LIMIT 1', [id]);
    if (history) {
      await tx.query('UPDATE children SET archived_at = coalesce(archived_at, $2), updated_at = $2 WHERE id = $1', [id, now]);
      return true;
    }
    await tx.query('DELETE FROM children WHERE id = $1', [id]);
    return false;
  });
  return archived ? readChild(q, familyId, id, locale, now) : null;
}
