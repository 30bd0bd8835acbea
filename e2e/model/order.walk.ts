// Model e2e of the order machine: one test per generated path, titled by its stable id (see walker.ts and order.adapter.ts).
import { orderAdapter } from './order.adapter';
import { walkAll } from './walker';

walkAll(orderAdapter);
