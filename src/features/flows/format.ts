// Generated paths as text for QA: Markdown with numbered plain-language steps (ar or en) or JSON.
// Shared by `npm run paths` and the studio's "paths" list.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { reportJson, type PathReport } from './paths';

export function pathsMarkdown(report: PathReport, i18n: I18n): string {
  const out: string[] = [];
  const { states, transitions } = report;
  out.push(`# ${i18n._(msg({ message: `Paths of ${report.machine}`, context: 'flows' }))}`, '');
  const stateCount = `${states.covered}/${states.total}`;
  const transitionCount = `${transitions.covered}/${transitions.total}`;
  out.push(i18n._(msg({ message: `States covered: ${stateCount}. Transitions covered: ${transitionCount}.`, context: 'flows' })), '');
  report.paths.forEach((path, index) => {
    const number = index + 1;
    const target = path.target.join(' + ');
    const heading = {
      shortest: () => i18n._(msg({ message: `Path ${number} (shortest) to ${target}`, context: 'flows' })),
      edge: () => i18n._(msg({ message: `Path ${number} (shortest, then one more transition) to ${target}`, context: 'flows' })),
      simple: () => i18n._(msg({ message: `Path ${number} (simple) to ${target}`, context: 'flows' })),
    }[path.kind]();
    out.push(`## ${heading}`, '');
    if (path.steps.length === 0) out.push(`1. ${i18n._(msg({ message: 'Start here.', context: 'flows' }))}`);
    path.steps.forEach((step, i) => {
      const now = step.states.join(' + ');
      out.push(`${i + 1}. ${i18n._(msg({ message: `${step.label} → now in ${now}`, context: 'flows' }))}`);
    });
    out.push('');
  });
  if (report.truncated) out.push(i18n._(msg({ message: 'More simple paths exist; the list stops here.', context: 'flows' })), '');
  if (transitions.missing.length) {
    out.push(`## ${i18n._(msg({ message: 'Transitions no path covers', context: 'flows' }))}`, '');
    out.push(...transitions.missing.map((m) => `- ${m}`), '');
  }
  return out.join('\n');
}

export function pathsJson(report: PathReport): string {
  const { graph: _graph, ...rest } = report;
  return reportJson(rest);
}
