// Model e2e of the booking machine: one test per generated path, titled by its stable id (see walker.ts and booking.adapter.ts).
import { bookingAdapter } from './booking.adapter';
import { walkAll } from './walker';

walkAll(bookingAdapter);
