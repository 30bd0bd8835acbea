// An audit row's before and after as a reader takes them in: one line per field that either side
// names, its label in words, then "before → after" (or the one value there is). Statuses, roles,
// outcomes and yes/no read as words in the console's language; a key the console does not know is shown
// as it is, and a nested value as compact text, so nothing the row holds is hidden.
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TEACHER_STATUSES, type TeacherStatus } from '../../../contract/account';
import { STAFF_ROLE_NAMES, type StaffRoleName } from '../../../contract/staff';
import { auditFieldTexts, roleTexts, statusTexts } from './texts';

const yes = msg({ message: 'Yes', context: 'audit value' });
const no = msg({ message: 'No', context: 'audit value' });
const outcomes = {
  reviewed: msg({ message: 'Reviewed', context: 'report outcome' }),
  dismissed: msg({ message: 'Dismissed', context: 'report outcome' }),
};

type Fields = Record<string, unknown>;

function asFields(value: unknown): Fields | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : { value };
}

/** One value in words: a status, role or outcome by its name; yes/no; anything else as compact text. */
function valueText(key: string, value: unknown, i18n: I18n): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return i18n._(value ? yes : no);
  if (typeof value === 'string') {
    if (key === 'status' && (TEACHER_STATUSES as readonly string[]).includes(value)) return i18n._(statusTexts[value as TeacherStatus]);
    if (key === 'role' && (STAFF_ROLE_NAMES as readonly string[]).includes(value)) return i18n._(roleTexts[value as StaffRoleName]);
    if (key === 'outcome' && value in outcomes) return i18n._(outcomes[value as keyof typeof outcomes]);
    return value;
  }
  if (typeof value === 'number') return new Intl.NumberFormat(i18n.locale).format(value);
  return JSON.stringify(value);
}

export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { i18n } = useLingui();
  const was = asFields(before);
  const now = asFields(after);
  if (!was && !now) return <>—</>;
  const keys = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])];
  return (
    <dl className="console-change">
      {keys.map((key) => {
        const label = auditFieldTexts[key] ? i18n._(auditFieldTexts[key]!) : key;
        const hasBefore = was !== null && key in was;
        const hasAfter = now !== null && key in now;
        const from = valueText(key, was?.[key], i18n);
        const to = valueText(key, now?.[key], i18n);
        return (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              {hasBefore && hasAfter ? (
                <Trans>
                  {from} → {to}
                </Trans>
              ) : hasBefore ? (
                <Trans>was {from}</Trans>
              ) : (
                to
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
