// What every route's beforeLoad can read: the root actors and the server cache.
import type { QueryClient } from '@tanstack/react-query';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../../machines/auth.machine';

export interface RouterContext {
  auth: ActorRefFrom<typeof authMachine>;
  queryClient: QueryClient;
}
