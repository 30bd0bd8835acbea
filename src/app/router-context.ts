// What every route's beforeLoad and loader can read: the root actors, the server cache, and what the
// loaders' queries need (the API client and the language their keys carry).
import type { QueryClient } from '@tanstack/react-query';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../../machines/auth.machine';
import type { ApiClient } from '../api/client';
import type { Locale } from '../i18n/locale';

export interface RouterContext {
  auth: ActorRefFrom<typeof authMachine>;
  queryClient: QueryClient;
  /**
   * The client the loaders' queries call: the server render's in-process one, or a test's. Absent in the
   * browser, where the factories' default (`api`) is used; null for the build-time render, which has no
   * API and reads nothing (src/api/client.ts).
   */
  api?: ApiClient | null;
  /** The language the screens read in now (query keys carry it, so a loader fills the screen's keys). */
  locale: () => Locale;
}
