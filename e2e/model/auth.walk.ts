// Model e2e of the auth machine: one test per generated path, titled by its stable id (see walker.ts and auth.adapter.ts).
import { authAdapter } from './auth.adapter';
import { walkAll } from './walker';

walkAll(authAdapter);
