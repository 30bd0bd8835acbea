// Structured logs: one JSON object per line, so a log shipper can parse them without rules.
import type { LogLevel } from './config';

const ORDER: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line + '\n')): Logger {
  const emit =
    (at: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: LogFields = {}) => {
      if (ORDER[at] > ORDER[level]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields }));
    };
  return { error: emit('error'), warn: emit('warn'), info: emit('info'), debug: emit('debug') };
}

/** Error details for a log line (stack included: logs are for us, never sent to clients). */
export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { err: { name: err.name, message: err.message, stack: err.stack } };
  return { err: String(err) };
}
