// Model e2e of the live-session machine: one test per generated path (see walker.ts and live-session.adapter.ts).
import { test } from '@playwright/test';
import { liveSessionAdapter } from './live-session.adapter';
import { describePath, plan, walkPath } from './walker';

for (const [i, events] of plan(liveSessionAdapter).entries()) {
  test(`live-session path ${i + 1}: ${describePath(events)}`, ({ page, request }) =>
    walkPath(page, request, liveSessionAdapter, events, i));
}
