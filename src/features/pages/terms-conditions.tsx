// Terms and conditions: the agreement between Noor and the families who book lessons — accounts,
// bookings, messages with instructors, the free trial, packages, cancellations and refunds of package hours, liability and law.
import { Link } from '@tanstack/react-router';
import { Plural, Trans } from '@lingui/react/macro';
import { REFUND_WINDOW_DAYS } from '../../../contract/refund-rule';
import { LegalPage, type LegalSection } from './legal-page';

export function TermsPage() {
  const sections: LegalSection[] = [
    {
      id: 'acceptance',
      title: <Trans>Accepting these terms</Trans>,
      body: (
        <p>
          <Trans>
            By creating an account or booking a session on Noor you agree to these terms, to our{' '}
            <Link to="/privacy-policy">privacy policy</Link> and to the <Link to="/user-condition">user conditions</Link>. If you do not
            agree, please do not use the platform.
          </Trans>
        </p>
      ),
    },
    {
      id: 'accounts',
      title: <Trans>Accounts</Trans>,
      body: (
        <ul>
          <li>
            <Trans>A student account is opened by a parent or legal guardian aged 18 or over, who is responsible for its use.</Trans>
          </li>
          <li>
            <Trans>The details you give must be true and kept up to date, and the mobile number must be yours.</Trans>
          </li>
          <li>
            <Trans>Keep your password private. Tell us at once if you think someone else has used your account.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'bookings',
      title: <Trans>Booking sessions</Trans>,
      body: (
        <ul>
          <li>
            <Trans>An urgent session is a request to an instructor who is available now; it starts once the instructor accepts it.</Trans>
          </li>
          <li>
            <Trans>A scheduled session must be booked at least one hour before its start time.</Trans>
          </li>
          <li>
            <Trans>A session lasts from one to six hours, as chosen when booking.</Trans>
          </li>
          <li>
            <Trans>A booking is confirmed only when the instructor accepts it; you will be notified either way.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'messages',
      title: <Trans>Messages with teachers</Trans>,
      body: (
        <p>
          <Trans>
            Once you have requested a session with an instructor, you and the instructor can write to each other on Noor. Conversations are
            kept, and the Noor team may review a conversation when a message in it is reported.
          </Trans>
        </p>
      ),
    },
    {
      id: 'trial',
      title: <Trans>The free trial session</Trans>,
      body: (
        <p>
          <Trans>
            Each new student account may book one free trial session. It cannot be exchanged for money or moved to another account, and it
            is subject to the same rules of conduct as any other session.
          </Trans>
        </p>
      ),
    },
    {
      id: 'packages',
      title: <Trans>Packages and payment</Trans>,
      body: (
        <>
          <p>
            <Trans>
              Lessons are paid for with packages of hours. The price, the number of hours and any validity period are shown before you pay,
              in Qatari riyals. The hours of each session are taken from your package when the session takes place.
            </Trans>
          </p>
          <p>
            <Trans>
              Promotional codes apply only as described when they are offered, and cannot be combined unless stated. Institutional packages
              for schools and companies are agreed separately through our <Link to="/contact-us">contact page</Link>.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'cancellation',
      title: <Trans>Cancellations and refunds</Trans>,
      body: (
        <ul>
          <li>
            <Trans>You may cancel a scheduled session up to 6 hours before it starts, and its hours return to your package.</Trans>
          </li>
          <li>
            <Trans>If you cancel later than that, or the student does not attend, the hours of the session are used.</Trans>
          </li>
          <li>
            <Trans>
              If the instructor does not attend, or the session cannot take place because of a fault on our side, the hours return to your
              package in full.
            </Trans>
          </li>
          <li>
            <Plural
              value={REFUND_WINDOW_DAYS}
              one="A package from which no hours have been used can be refunded in full within # day of payment, from your purchase history, to the original means of payment."
              other="A package from which no hours have been used can be refunded in full within # days of payment, from your purchase history, to the original means of payment."
            />
          </li>
          <li>
            <Trans>
              Once any of a package's hours are used, the package is not refunded; its remaining hours stay available until the end of the
              package's validity.
            </Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'instructors',
      title: <Trans>Instructors</Trans>,
      body: (
        <p>
          <Trans>
            Instructors are independent teachers reviewed and approved by Noor. They must accept the instructor terms before receiving
            requests and follow our code of conduct. Arranging lessons or payments outside the platform is not allowed for families or
            instructors.
          </Trans>
        </p>
      ),
    },
    {
      id: 'content',
      title: <Trans>Content and intellectual property</Trans>,
      body: (
        <p>
          <Trans>
            The platform, its name, design and materials belong to Noor or to those who licensed them to us. Lesson materials are for the
            student's personal learning only and may not be copied, sold or published.
          </Trans>
        </p>
      ),
    },
    {
      id: 'liability',
      title: <Trans>Availability and liability</Trans>,
      body: (
        <p>
          <Trans>
            We work to keep Noor available and sessions running smoothly, but a session can be affected by the internet connection or the
            devices used. Where a session fails because of us, our responsibility is to return its hours to your package. Parents remain
            responsible for supervising their children online.
          </Trans>
        </p>
      ),
    },
    {
      id: 'law',
      title: <Trans>Changes and governing law</Trans>,
      body: (
        <p>
          <Trans>
            We may update these terms; important changes are announced in advance. These terms are governed by the laws of the State of
            Qatar, and the courts of Qatar have jurisdiction over any dispute.
          </Trans>
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      testId="terms-page"
      title={<Trans>Terms and conditions</Trans>}
      lead={<Trans>The agreement between Noor and the families who use it. Please read it before your first booking.</Trans>}
      updated="2026-11-01"
      sections={sections}
    />
  );
}
