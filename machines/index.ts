// Every statechart of the product, for the generated diagrams (npm run flows) and model-based tests.
// Add a machine here when you add its file.
import type { AnyStateMachine } from 'xstate';
import { authMachine } from './auth.machine';
import { bookingMachine } from './booking.machine';
import { liveSessionMachine } from './live-session.machine';
import { orderMachine } from './order.machine';
import { requestMachine } from './request.machine';
import { teacherStatusMachine } from './teacher-status.machine';

export interface MachineEntry {
  /** The machine's id; also the name of its diagram, docs/flows/<id>.md. */
  id: string;
  machine: AnyStateMachine;
  /** One line for the index of diagrams. */
  description: string;
}

export const machines: readonly MachineEntry[] = [
  {
    id: authMachine.id,
    machine: authMachine,
    description:
      'Account life: start-up check, student sign-up/login with OTP, teacher sign-up/login, password recovery, complete registration, logout.',
  },
  {
    id: orderMachine.id,
    machine: orderMachine,
    description:
      'A package order: created, pending payment at the gateway, then paid (hours credited), failed or expired. The server enforces it.',
  },
  {
    id: teacherStatusMachine.id,
    machine: teacherStatusMachine,
    description:
      "A teacher's review status: in review, approved (terms to accept), active, rejected with the reviewer's reason (resubmit documents), suspended. The server enforces it.",
  },
  {
    id: requestMachine.id,
    machine: requestMachine,
    description:
      'A session request: pending, then approved (booked) and finished, or rejected, canceled or expired (refunded). The server enforces it; the client asks it which buttons to show.',
  },
  {
    id: liveSessionMachine.id,
    machine: liveSessionMachine,
    description:
      "A live video session: device check (audio-only when the camera is refused), token from the server, joining, in the call (peer, reconnecting, token renewal, leave dialog), the end when the time is up or at the teacher's End for both.",
  },
  {
    id: bookingMachine.id,
    machine: bookingMachine,
    description:
      'Booking a session with a teacher, step by step: subject, duration, a free start or now, the review, the request, and the detour to the packages screen that comes back to the review (the draft survives reloads).',
  },
];
