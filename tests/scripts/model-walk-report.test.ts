// The browser walk's reports (e2e/model/report.ts): one transition id scheme and count with the flows
// studio and `npm run paths` for every machine, stable path ids, and the two files the studio reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import { FailureError } from '../../contract/failure';
import { createLabeller } from '../../src/features/flows/labels';
import { toFlowGraph } from '../../src/features/flows/graph';
import { scenarios } from '../../src/features/flows/scenarios';
import { allTransitions, modelCoverage, pathKey, screensIndex } from '../../e2e/model/report';
import { messages as en } from '../../locales/en/messages.po';

const labels = createLabeller(setupI18n({ locale: 'en', messages: { en } }));

describe('the browser walk and npm run paths', () => {
  it.each(machines.map((m) => [m.id, m.machine] as const))('count the same transitions of %s by the same ids', (id, machine) => {
    const walk = allTransitions(machine);
    // `npm run paths` counts the studio's graph of the scenario's machine (generatePaths: its total is
    // the graph's transitions; tests/src/flows/layout.test.ts walks the paths themselves).
    const scenario = scenarios.find((s) => s.id === id)!;
    expect(toFlowGraph(scenario.machine, labels).transitions.map((t) => t.id)).toEqual(walk);
    // And model-coverage.json lists every one of them.
    expect(modelCoverage({ [id]: [] }).machines[id]!.total).toBe(walk.length);
  });
});

describe('path ids', () => {
  const events = [
    { type: 'booking.next', now: 1 },
    {
      type: 'xstate.error.actor.createRequest',
      error: new FailureError({ status: 409, code: 'slot_taken', message: null, fieldErrors: {} }),
    },
  ];
  it('hash the event sequence with its data: stable, short, and different when an event or its data differs', () => {
    const id = pathKey(events);
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(pathKey(structuredClone(events.slice(0, 1)).concat(events.slice(1)))).toBe(id);
    expect(pathKey(events.slice(0, 1))).not.toBe(id);
    expect(pathKey([{ type: 'booking.next', now: 2 }, events[1]!])).not.toBe(id);
    const other = { ...events[1]!, error: new FailureError({ status: 402, code: 'insufficient_hours', message: null, fieldErrors: {} }) };
    expect(pathKey([events[0]!, other])).not.toBe(id);
  });
});

describe('model-coverage.json', () => {
  it('tells per machine which paths walked each transition, dropping names outside the definition', () => {
    const [first, second, third] = allTransitions(machines.find((m) => m.id === 'order')!.machine);
    const coverage = modelCoverage(
      {
        order: [
          { path: 'bbbbbbbb', taken: [first!, second!] },
          { path: 'aaaaaaaa', taken: [first!, 'order.nowhere --x#0--> order.gone'] },
        ],
      },
      new Date('2030-01-01T00:00:00Z'),
    );
    expect(coverage.generatedAt).toBe('2030-01-01T00:00:00.000Z');
    const order = coverage.machines.order!;
    expect(order.total).toBe(Object.keys(order.transitions).length);
    expect(order.walked).toBe(2);
    expect(order.transitions[first!]).toEqual({ walked: true, paths: ['aaaaaaaa', 'bbbbbbbb'] });
    expect(order.transitions[second!]).toEqual({ walked: true, paths: ['bbbbbbbb'] });
    expect(order.transitions[third!]).toEqual({ walked: false, paths: [] });
    expect(order.transitions['order.nowhere --x#0--> order.gone']).toBeUndefined();
  });
});

describe('screens.json', () => {
  it('indexes the screens on disk by machine and state id', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screens-'));
    fs.mkdirSync(path.join(dir, 'auth'));
    for (const f of ['auth.anonymous.otp.en.390.jpg', 'auth.anonymous.otp.en.1280.jpg', 'auth.signedIn.ar.390.jpg', 'notes.txt'])
      fs.writeFileSync(path.join(dir, 'auth', f), '');
    expect(screensIndex(dir)).toEqual({
      auth: {
        'auth.anonymous.otp': [
          { locale: 'en', width: 1280, file: 'auth/auth.anonymous.otp.en.1280.jpg' },
          { locale: 'en', width: 390, file: 'auth/auth.anonymous.otp.en.390.jpg' },
        ],
        'auth.signedIn': [{ locale: 'ar', width: 390, file: 'auth/auth.signedIn.ar.390.jpg' }],
      },
    });
    fs.rmSync(dir, { recursive: true });
    expect(screensIndex(dir)).toEqual({});
  });
});
