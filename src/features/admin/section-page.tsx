// The console's sections behind one route (/admin/$section): support, reported messages, promo codes, audit log, staff.
import { Trans } from '@lingui/react/macro';
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
