// Sliding-window rate limits counted in the database (every server instance sees the same hits).
// A refused attempt is not counted, so waiting out retry_after always works.
import type { Context } from 'hono';
import type { Db } from '../../db';
import type { AppEnv } from '../../http/context';
import { tooMany } from './answers';
import { clientIp } from './client-ip';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export type RateResult = { ok: true } | { ok: false; retryAfter: number };

/** Records a hit in `bucket` when every rule allows it; otherwise says how many seconds to wait. */
export async function hitRateLimit(db: Db, bucket: string, rules: readonly RateRule[], now: Date): Promise<RateResult> {
  const longest = Math.max(...rules.map((r) => r.windowSeconds));
  return db.transaction(async (tx) => {
    // One caller at a time per bucket, or two racing requests could both take the last slot.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [bucket]);
    await tx.query('DELETE FROM rate_limit_hits WHERE bucket = $1 AND at <= $2', [bucket, new Date(now.getTime() - longest * 1000)]);
    const hits = (await tx.query<{ at: Date }>('SELECT at FROM rate_limit_hits WHERE bucket = $1 ORDER BY at ASC', [bucket])).map((r) =>
      r.at.getTime(),
    );
    let retryAfter = 0;
    for (const rule of rules) {
      const windowStart = now.getTime() - rule.windowSeconds * 1000;
      const inWindow = hits.filter((at) => at > windowStart);
      if (inWindow.length >= rule.limit) {
        // The hit whose leaving the window frees a slot.
        const freeing = inWindow[inWindow.length - rule.limit] as number;
        retryAfter = Math.max(retryAfter, Math.ceil((freeing + rule.windowSeconds * 1000 - now.getTime()) / 1000));
      }
    }
    if (retryAfter > 0) return { ok: false, retryAfter };
    await tx.query('INSERT INTO rate_limit_hits (bucket, at) VALUES ($1, $2)', [bucket, now]);
    return { ok: true };
  });
}

/**
 * A per-address limit for the public forms that store what they are sent (contact, newsletter), taken
 * once the submission is valid (a refused one stores nothing, so it costs nothing): past the rules the
 * caller gets 429 with Retry-After and the shared "too many attempts" message, and nothing is stored.
 */
export async function limitAddress(c: Context<AppEnv>, name: string, rules: readonly RateRule[], trustProxy: boolean): Promise<void> {
  const result = await hitRateLimit(c.get('db'), `ip:${name}:${clientIp(c, trustProxy)}`, rules, new Date());
  if (!result.ok) throw tooMany(result.retryAfter);
}
