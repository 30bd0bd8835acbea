// Model e2e of the request machine: one test per generated path, titled by its stable id (see walker.ts and request.adapter.ts).
import { requestAdapter } from './request.adapter';
import { walkAll } from './walker';

walkAll(requestAdapter);
