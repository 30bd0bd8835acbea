// The console's sections behind one route (/admin/$section): support, reported messages, promo codes, audit log, staff.
import { Trans } from '@lingui/react/macro';
import type { QueryClient } from '@tanstack/react-query';
import { read } from '../../api/client';
import { auditQuery, promoCodesQuery, reportedMessagesQuery, staffQuery } from './admin-api';
import { mayUse, type ConsoleArea } from './roles';
import { readStaffSession } from './staff-session';
import { AuditPage } from './audit-page';
import { PromoCodesPage } from './promo-codes-page';
import { ReportedMessagesPage } from './reported-messages-page';
import { StaffPage } from './staff-page';
import { SupportPage } from './support-page';

const SECTIONS = {
  support: SupportPage,
  'reported-messages': ReportedMessagesPage,
  'promo-codes': PromoCodesPage,
  audit: AuditPage,
  staff: StaffPage,
} as const;

function isSection(value: string): value is keyof typeof SECTIONS {
  return Object.hasOwn(SECTIONS, value);
}

/**
 * The route's loader: what a section shows on arrival (its first list, unfiltered), read with the staff
 * session for a role that may open it. Support starts from a search, so it reads nothing ahead.
 */
export function loadSection(section: string, context: { queryClient: QueryClient }): Promise<void> | undefined {
  const role = readStaffSession()?.staff.role;
  const may = (area: ConsoleArea) => role !== undefined && mayUse(role, area);
  if (section === 'reported-messages' && may('support')) return read(context, reportedMessagesQuery('open'));
  if (section === 'promo-codes' && may('promoCodes')) return read(context, promoCodesQuery());
  if (section === 'audit' && may('audit')) return read(context, auditQuery({}));
  if (section === 'staff' && may('staff')) return read(context, staffQuery());
  return undefined;
}

export function SectionPage({ section }: { section: string }) {
  if (!isSection(section)) {
    return (
      <section className="console-page">
        <h1>
          <Trans>This part of the console does not exist.</Trans>
        </h1>
      </section>
    );
  }
  const Page = SECTIONS[section];
  return <Page />;
}
