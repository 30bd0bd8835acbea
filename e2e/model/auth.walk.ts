// Model e2e of the auth machine: one test per generated path (see walker.ts and auth.adapter.ts).
import { test } from '@playwright/test';
import { authAdapter } from './auth.adapter';
import { describePath, plan, walkPath } from './walker';

for (const [i, events] of plan(authAdapter).entries()) {
  test(`auth path ${i + 1}: ${describePath(events)}`, ({ page, request }) => walkPath(page, request, authAdapter, events));
}
