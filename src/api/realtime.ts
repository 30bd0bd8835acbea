// Where the realtime connection goes when the build names no Pusher key: GET v1/realtime/config
// (server/realtime/routes.ts). Checked by a hand-written guard, not zod: the connection opens with the
// bell on every signed-in page, and its chunk stays free of the schema library.
import type { ServerRealtimeConfig } from '../realtime/settings';
import { api, type AnswerSchema, type ApiClient, readAnswer } from './client';

const objectOr = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

const optionalNumber = (value: unknown): value is number | undefined => value === undefined || typeof value === 'number';

/** `{ message, data: config }` → the config; a TypeError for any other shape. */
const configAnswer: AnswerSchema<ServerRealtimeConfig> = {
  parse(answer) {
    const data = objectOr(objectOr(answer)?.data);
    const mode = data?.mode;
    if (
      !data ||
      (mode !== 'embedded' && mode !== 'pusher') ||
      typeof data.key !== 'string' ||
      typeof data.cluster !== 'string' ||
      typeof data.forceTLS !== 'boolean' ||
      !(data.host === undefined || typeof data.host === 'string') ||
      !optionalNumber(data.port)
    ) {
      throw new TypeError('not a realtime config');
    }
    return {
      mode,
      key: data.key,
      cluster: data.cluster,
      forceTLS: data.forceTLS,
      ...(data.host === undefined ? {} : { host: data.host }),
      ...(data.port === undefined ? {} : { port: data.port }),
    };
  },
};

export function realtimeConfig(client: ApiClient = api): Promise<ServerRealtimeConfig> {
  return readAnswer(client('v1/realtime/config'), configAnswer);
}
