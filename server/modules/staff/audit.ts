// The audit log: one append-only row per staff action — who (a staff member by name and e-mail, or the command line),
// what, on whom, before/after, when and from which address. The table refuses UPDATE and DELETE
// (migration 0180); reading is filtered and paged by id, and exported as CSV.
import type { Queryable } from '../../db';
import type { AdminPrincipal } from './access';

export interface AuditNote {
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  id: number;
  at: string;
  staff_id: number | null;
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  address: string;
}

export const CLI_ACTOR = 'command line';

/**
 * How an entry names a staff member: their name and e-mail as they were when they acted (the log is
 * append-only, so a later rename does not rewrite who did what), in the history's form "name <e-mail>".
 */
const staffActor = (member: { name: string; email: string }) => `${member.name} <${member.email}>`;

export async function writeAudit(
  q: Queryable,
  who: { principal: AdminPrincipal; address: string; at: Date },
  note: AuditNote,
): Promise<void> {
  const { principal } = who;
  await q.query(
    `INSERT INTO audit_log (at, staff_id, actor, action, target_type, target_id, before, after, address)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)`,
    [
      who.at,
      principal.kind === 'staff' ? principal.id : null,
      principal.kind === 'staff' ? staffActor(principal) : CLI_ACTOR,
      note.action,
      note.targetType ?? null,
      note.targetId === undefined ? null : String(note.targetId),
      note.before === undefined ? null : JSON.stringify(note.before),
      note.after === undefined ? null : JSON.stringify(note.after),
      who.address,
    ],
  );
}

export interface AuditFilter {
  staff_id?: number | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Paging: entries older than this id. */
  before_id?: number | undefined;
  limit: number;
}

/** Newest first. */
export async function listAudit(q: Queryable, f: AuditFilter): Promise<AuditEntry[]> {
  const rows = await q.query<Omit<AuditEntry, 'at' | 'id'> & { id: number | string; at: Date }>(
    `SELECT id, at, staff_id, actor, action, target_type, target_id, before, after, address FROM audit_log
     WHERE ($1::int IS NULL OR staff_id = $1) AND ($2::text IS NULL OR action = $2)
       AND ($3::text IS NULL OR target_type = $3) AND ($4::text IS NULL OR target_id = $4)
       AND ($5::timestamptz IS NULL OR at >= $5) AND ($6::timestamptz IS NULL OR at < $6)
       AND ($7::bigint IS NULL OR id < $7)
     ORDER BY id DESC LIMIT $8`,
    [
      f.staff_id ?? null,
      f.action ?? null,
      f.target_type ?? null,
      f.target_id ?? null,
      f.from ?? null,
      f.to ?? null,
      f.before_id ?? null,
      f.limit,
    ],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() }));
}

const CSV_COLUMNS = ['id', 'at', 'actor', 'action', 'target_type', 'target_id', 'before', 'after', 'address'] as const;

function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // A spreadsheet would run a cell starting with = + - @ as a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) lines.push(CSV_COLUMNS.map((k) => cell(e[k])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
