// The operators' command line: `npm run admin -- <command>`.
//
//   teachers:list [--status in_review]          teachers, optionally by status
//   teachers:show <phone>                        one application: sign-up data, subjects, phases, documents
//   teachers:history <phone>                     every status change, with the staff member behind it
//   teachers:approve <phone>                     in review → policy (the teacher is asked to accept the terms)
//   teachers:reject <phone> --reason "…"         in review → rejected, with the reason the teacher will read
//   teachers:suspend <phone> [--reason "…"]      policy/active → suspended
//   teachers:reinstate <phone>                   suspended → active
//   teachers:documents <phone> [--out <dir>]     list a teacher's documents; with --out, save them there
//   staff:list                                   the console's staff accounts
//   staff:add --email … --name … --role reviewer|support|admin [--password …]
//                                                a staff account; without --password one is generated and
//                                                printed once. Two-factor is enrolled at the first sign-in.
//   staff:disable <id|email>                     disables the account and signs it out at once
//
// It talks to the RUNNING server's admin API (/api/admin) rather than opening the database: the
// embedded PGlite cannot be opened by two processes, and the realtime event has to leave from the
// server that holds the teachers' sockets. Where: ADMIN_URL, else http://127.0.0.1:$PORT (3000).
// Token: ADMIN_TOKEN, else DATA_DIR/admin-token (written by the server at its first start).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { ADMIN_TOKEN_FILE } from '../server/modules/teacher-review/admin';
import { randomBytes } from 'node:crypto';
import type { ReviewDocument, ReviewResult, ReviewTeacher, ReviewTeacherDetail, TeacherHistoryEntry } from '../contract/teacher-review';

const OPTIONS = {
  status: { type: 'string' },
  reason: { type: 'string' },
  out: { type: 'string' },
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  password: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const USAGE = `usage: npm run admin -- <command>
  teachers:list [--status in_review|policy|active|rejected|suspended]
  teachers:show <phone>
  teachers:history <phone>
  teachers:approve <phone>
  teachers:reject <phone> --reason "…"
  teachers:suspend <phone> [--reason "…"]
  teachers:reinstate <phone>
  teachers:documents <phone> [--out <dir>]
  staff:list
  staff:add --email <e-mail> --name <name> --role reviewer|support|admin [--password <password>]
  staff:disable <id|email>
env: ADMIN_URL (default http://127.0.0.1:$PORT), ADMIN_TOKEN (default: $DATA_DIR/admin-token), ADMIN_LANG (en|ar)`;

class CliError extends Error {}

function settings() {
  const config = loadConfig();
  const base = (process.env.ADMIN_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  let token = process.env.ADMIN_TOKEN?.trim();
  if (!token) {
    const file = path.join(config.dataDir, ADMIN_TOKEN_FILE);
    try {
      token = readFileSync(file, 'utf8').trim();
    } catch {
      throw new CliError(`no admin token: set ADMIN_TOKEN, or start the server once so it writes ${file}`);
    }
  }
  return { base, token, lang: process.env.ADMIN_LANG === 'ar' ? 'ar' : 'en' };
}

async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const { base, token, lang } = settings();
  let res: Response;
  try {
    res = await fetch(`${base}/api/admin${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Accept-Language': lang,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new CliError(`cannot reach the server at ${base} (${(err as Error).message}); is it running? (ADMIN_URL)`);
  }
  if (!res.ok) {
    const text = await res.text();
    let message = text;
    try {
      const body = JSON.parse(text) as { message?: string; errors?: Record<string, string[]> };
      message = [body.message ?? text, ...Object.entries(body.errors ?? {}).map(([field, list]) => `  ${field}: ${list.join('; ')}`)].join(
        '\n',
      );
    } catch {
      // plain text
    }
    throw new CliError(`${res.status}: ${message}`);
  }
  return res as unknown as T;
}

async function data<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const res = await call<Response>(method, route, body);
  return ((await res.json()) as { data: T }).data;
}

const enc = encodeURIComponent;

async function main(argv: string[]): Promise<void> {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (err) {
    // An unknown or malformed option: say which, then how to call (never a stack trace).
    throw new CliError(`${(err as Error).message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const [command, who] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const needWho = () => {
    if (!who) throw new CliError(`${command} needs a phone number (E.164, e.g. +97455100001) or a teacher id\n${USAGE}`);
    return who;
  };

  switch (command) {
    case 'teachers:list': {
      const rows = await data<ReviewTeacher[]>('GET', `/teachers${values.status ? `?status=${enc(values.status)}` : ''}`);
      if (!rows.length) {
        console.log('no teachers');
        return;
      }
      console.table(
        rows.map((r) => ({
          id: r.id,
          phone: r.phone,
          name: r.name,
          status: r.status,
          documents: r.documents,
          reason: r.review_reason ?? '',
          since: r.created_at.slice(0, 10),
        })),
      );
      return;
    }
    case 'teachers:approve':
    case 'teachers:reject':
    case 'teachers:suspend':
    case 'teachers:reinstate': {
      const action = command.slice('teachers:'.length);
      if (action === 'reject' && !values.reason?.trim()) throw new CliError('teachers:reject needs --reason "…" (the teacher reads it)');
      const result = await data<ReviewResult>('POST', `/teachers/${enc(needWho())}/${action}`, { reason: values.reason ?? null });
      console.log(
        `${result.teacher.name} (${result.teacher.phone}): ${result.from} → ${result.to}` +
          (result.review_reason ? ` — reason: ${result.review_reason}` : '') +
          (result.published ? '' : ' (realtime event not delivered: the teacher sees it at the next profile load)'),
      );
      return;
    }
    case 'teachers:show': {
      const t = await data<ReviewTeacherDetail>('GET', `/teachers/${enc(needWho())}`);
      const lines: [string, string | number | null][] = [
        ['id', t.id],
        ['name', t.name],
        ['phone', t.phone],
        ['e-mail', t.email],
        ['status', t.status],
        ['reason', t.review_reason],
        ['in review since', t.status === 'in_review' ? t.in_review_since : null],
        ['resubmitted after', t.resubmitted ? t.previous_reason : null],
        ['country', t.country_code],
        ['experience (years)', t.experience_years],
        ['qualification', t.qualification],
        ['subjects', t.subjects.join(', ')],
        ['phases', t.phases.join(', ')],
        ['time zone', t.time_zone],
        ['documents', t.documents],
        ['signed up', t.created_at],
      ];
      for (const [k, v] of lines) if (v !== null && v !== '') console.log(`${k.padEnd(20)} ${v}`);
      return;
    }
    case 'teachers:history': {
      const rows = await data<TeacherHistoryEntry[]>('GET', `/teachers/${enc(needWho())}/history`);
      if (!rows.length) {
        console.log('no status changes yet');
        return;
      }
      console.table(
        rows.map((r) => ({
          at: r.at,
          from: r.from_status,
          to: r.to_status,
          action: r.action,
          by: r.staff ?? 'the teacher',
          reason: r.reason ?? '',
        })),
      );
      return;
    }
    case 'staff:list': {
      const rows = await data<{ id: number; email: string; name: string; role: string; disabled: boolean; totp_enabled: boolean }[]>(
        'GET',
        '/staff',
      );
      if (!rows.length) {
        console.log('no staff yet: npm run admin -- staff:add --email … --name … --role admin');
        return;
      }
      console.table(
        rows.map((r) => ({
          id: r.id,
          email: r.email,
          name: r.name,
          role: r.role,
          'two-factor': r.totp_enabled ? 'yes' : 'not yet',
          disabled: r.disabled ? 'yes' : '',
        })),
      );
      return;
    }
    case 'staff:add': {
      const missing = (['email', 'name', 'role'] as const).filter((k) => !values[k]?.trim());
      if (missing.length) throw new CliError(`staff:add needs ${missing.map((k) => `--${k}`).join(', ')}\n${USAGE}`);
      // Generated: letters of both cases and digits, as the password rules ask.
      const password = values.password ?? `${randomBytes(12).toString('base64url')}aA1`;
      const created = await data<{ id: number; email: string; role: string }>('POST', '/staff', {
        email: values.email,
        name: values.name,
        role: values.role,
        password,
      });
      console.log(`staff #${created.id} ${created.email} (${created.role}) added`);
      if (!values.password) console.log(`password (shown once; two-factor is set up at the first sign-in on /admin): ${password}`);
      return;
    }
    case 'staff:disable': {
      if (!who) throw new CliError(`staff:disable needs a staff id or e-mail\n${USAGE}`);
      const result = await data<{ id: number; email: string; changed: boolean }>('POST', `/staff/${enc(who)}/disable`);
      console.log(
        result.changed
          ? `staff #${result.id} ${result.email} disabled and signed out`
          : `staff #${result.id} ${result.email} was already disabled`,
      );
      return;
    }
    case 'teachers:documents': {
      const docs = await data<ReviewDocument[]>('GET', `/teachers/${enc(needWho())}/documents`);
      if (!docs.length) {
        console.log('no documents');
        return;
      }
      if (!values.out) {
        console.table(docs.map((d) => ({ file: d.file_name, kind: d.kind, type: d.content_type, bytes: d.size, uploaded: d.created_at })));
        console.log('add --out <dir> to save them');
        return;
      }
      const dir = path.resolve(values.out);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      for (const d of docs) {
        const res = await call<Response>('GET', `/files/${enc(d.id)}`);
        // Identity documents: readable by the reviewer's account only.
        writeFileSync(path.join(dir, d.file_name), new Uint8Array(await res.arrayBuffer()), { mode: 0o600 });
        console.log(path.join(dir, d.file_name));
      }
      return;
    }
    default:
      throw new CliError(`unknown command ${command}\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof CliError ? err.message : err);
  process.exit(1);
});
