// Model e2e of the live-session machine: one test per generated path, titled by its stable id (see walker.ts and live-session.adapter.ts).
import { liveSessionAdapter } from './live-session.adapter';
import { walkAll } from './walker';

walkAll(liveSessionAdapter);
