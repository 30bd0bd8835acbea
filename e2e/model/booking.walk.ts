// Model e2e of the booking machine: one test per generated path (see walker.ts and booking.adapter.ts).
import { test } from '@playwright/test';
import { bookingAdapter } from './booking.adapter';
import { describePath, plan, walkPath } from './walker';

for (const [i, events] of plan(bookingAdapter).entries()) {
  test(`booking path ${i + 1}: ${describePath(events)}`, ({ page, request }) => walkPath(page, request, bookingAdapter, events, i));
}
