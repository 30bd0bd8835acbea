// The SMS budget: hourly caps on codes texted, for all countries together and per country
// of the number, counted in the database per clock hour so every instance shares one budget. It
// bounds what an attacker can make us text (cost, and SMS pumping to premium-rate countries) on top
// of the per-number limits. The first refusal in a window logs one warning, once across instances.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db, Queryable } from '../../db';
import type { Logger } from '../../logger';
import type { SmsBudgetLimits } from './limits';

export type BudgetResult = { ok: true } | { ok: false; retryAfter: number };

const HOUR_MS = 60 * 60 * 1000;

function scopesOf(phone: string, limits: SmsBudgetLimits, newNumber: boolean): Array<{ scope: string; cap: number }> {
  const country = parsePhoneNumberFromString(phone)?.country ?? 'ZZ';
  // New numbers share one counter with everyone but stop short of the reserved part of each cap.
  const share = (cap: number) => (newNumber ? Math.floor((cap * (100 - limits.reservedPercent)) / 100) : cap);
  return [
    { scope: `country:${country}`, cap: share(limits.byCountry[country] ?? limits.perCountryPerHour) },
    { scope: 'global', cap: share(limits.globalPerHour) },
  ];
}

class BudgetSpent extends Error {
  constructor(readonly scope: string) {
    super(`sms budget spent: ${scope}`);
  }
}

async function alertOnce(q: Queryable, log: Logger, scope: string, window: Date, cap: number): Promise<void> {
  const first = await q.one(
    `INSERT INTO sms_budget (scope, window_start, sent, alerted) VALUES ($1, $2, 0, true)
     ON CONFLICT (scope, window_start) DO UPDATE SET alerted = true WHERE sms_budget.alerted = false RETURNING 1 AS x`,
    [scope, window],
  );
  if (first) log.warn('sms budget reached: codes are refused until the hour ends', { scope, cap, window_start: window.toISOString() });
}

/**
 * Takes one code from every budget the phone falls under (`consume`), or only checks that each still
 * has one (`consume: false`: a call that texts nobody must answer as one that texts someone would).
 */
export async function takeSmsBudget(
  db: Db,
  args: { phone: string; now: Date; limits: SmsBudgetLimits; log: Logger; consume: boolean; newNumber: boolean },
): Promise<BudgetResult> {
  const window = new Date(Math.floor(args.now.getTime() / HOUR_MS) * HOUR_MS);
  const retryAfter = Math.ceil((window.getTime() + HOUR_MS - args.now.getTime()) / 1000);
  const scopes = scopesOf(args.phone, args.limits, args.newNumber);
  try {
    await db.transaction(async (tx) => {
      for (const { scope, cap } of scopes) {
        const row = args.consume
          ? await tx.one(
              `INSERT INTO sms_budget (scope, window_start, sent) VALUES ($1, $2, 1)
               ON CONFLICT (scope, window_start) DO UPDATE SET sent = sms_budget.sent + 1 WHERE sms_budget.sent < $3 RETURNING 1 AS x`,
              [scope, window, cap],
            )
          : await tx.one('SELECT 1 AS x WHERE coalesce((SELECT sent FROM sms_budget WHERE scope = $1 AND window_start = $2), 0) < $3', [
              scope,
              window,
              cap,
            ]);
        // Throwing rolls back the scopes already taken: a refused code costs no budget.
        if (!row) throw new BudgetSpent(scope);
      }
    });
  } catch (err) {
    if (!(err instanceof BudgetSpent)) throw err;
    const cap = scopes.find((s) => s.scope === err.scope)?.cap ?? 0;
    await alertOnce(db, args.log, err.scope, window, cap);
    return { ok: false, retryAfter };
  }
  // Windows older than a day are of no use.
  if (args.consume) await db.query('DELETE FROM sms_budget WHERE window_start < $1', [new Date(window.getTime() - 24 * HOUR_MS)]);
  return { ok: true };
}
