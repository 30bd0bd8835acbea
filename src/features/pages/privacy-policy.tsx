// Privacy policy: what Noor collects about parents, children and instructors, why, for how long,
// who sees it, and the rights families have under Qatar's personal data protection law.
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { LegalPage, type LegalSection } from './legal-page';

export function PrivacyPage() {
  const sections: LegalSection[] = [
    {
      id: 'who',
      title: <Trans>Who we are</Trans>,
      body: (
        <p>
          <Trans>
            Noor is an online tutoring platform operating in the State of Qatar. We handle personal data in line with Law No. 13 of 2016 on
            the Protection of Personal Data Privacy. This policy explains what we collect and how we protect it, especially where children
            are concerned.
          </Trans>
        </p>
      ),
    },
    {
      id: 'consent',
      title: <Trans>Children and parental consent</Trans>,
      body: (
        <>
          <p>
            <Trans>
              A student account should be created by a parent or legal guardian aged 18 or over, with the parent's mobile number: signing in
              is by a code texted to that number, so the parent stays in control of the account. Creating the account means the parent
              agrees to the processing of the child's data described here. Children should not create accounts themselves.
            </Trans>
          </p>
          <p>
            <Trans>
              We collect only the child information a lesson needs, and we never use it for advertising or build marketing profiles of
              children.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'collect',
      title: <Trans>The data we collect</Trans>,
      body: (
        <ul>
          <li>
            <Trans>
              <strong>Account data:</strong> the parent's mobile number, which is how the account signs in (there is no password for a
              student account).
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Student data:</strong> the child's name, gender and school phase, and the subjects they study.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Booking data:</strong> requested sessions, their times and durations, package hours and the ratings you give.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Payment data:</strong> a record of each purchase. Card details are handled by our payment provider; we never see or
              store your card number.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Instructor data:</strong> for teachers who apply, their identity, email address, password (stored only in encrypted
              form), qualifications, experience and working hours.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Technical data:</strong> your language and display preferences and basic security logs.
            </Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'use',
      title: <Trans>How we use it</Trans>,
      body: (
        <ul>
          <li>
            <Trans>To create your account, verify your phone number and keep you signed in.</Trans>
          </li>
          <li>
            <Trans>To match your child with an instructor and run the live sessions you book.</Trans>
          </li>
          <li>
            <Trans>To manage packages, payments and refunds.</Trans>
          </li>
          <li>
            <Trans>To keep children safe, handle complaints and improve the quality of teaching.</Trans>
          </li>
          <li>
            <Trans>To send our newsletter, only if you subscribed; you can unsubscribe at any time.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'recordings',
      title: <Trans>Session recordings</Trans>,
      body: (
        <>
          <p>
            <Trans>
              To protect children, live sessions may be recorded. Recordings are kept for 30 days and then deleted, unless they are needed
              to look into a complaint or a safety concern, in which case they are kept until the matter is closed.
            </Trans>
          </p>
          <p>
            <Trans>
              Only our authorised safeguarding and quality staff can view a recording, and a parent may ask to see the recording of their
              own child's session. Recordings are never published or used for marketing. Students and instructors may not record sessions
              themselves.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: <Trans>Who can see your data</Trans>,
      body: (
        <>
          <p>
            <Trans>
              An instructor sees only what a lesson needs: the student's first name, school phase and the details of the booked session.
              Instructors never receive parents' phone numbers or email addresses.
            </Trans>
          </p>
          <p>
            <Trans>
              We use trusted service providers for video, notifications, text messages and payments, bound by contracts to protect your
              data. We do not sell personal data. We disclose data to the authorities only when the law of Qatar requires it.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: <Trans>How long we keep it</Trans>,
      body: (
        <p>
          <Trans>
            We keep account and booking data while your account is active. When you ask us to close your account we delete or anonymise it
            within 90 days, except purchase records, which we keep for as long as the law requires.
          </Trans>
        </p>
      ),
    },
    {
      id: 'cookies',
      title: <Trans>Cookies and local storage</Trans>,
      body: (
        <p>
          <Trans>
            We use only what the platform needs to work: a cookie that keeps you signed in for up to 30 days, and your choice of language
            and dark or light mode. We do not use advertising or tracking cookies.
          </Trans>
        </p>
      ),
    },
    {
      id: 'rights',
      title: <Trans>Your rights</Trans>,
      body: (
        <>
          <ul>
            <li>
              <Trans>Ask for a copy of the data we hold about you or your child.</Trans>
            </li>
            <li>
              <Trans>Correct data that is wrong or incomplete.</Trans>
            </li>
            <li>
              <Trans>Ask us to delete your data or close your account.</Trans>
            </li>
            <li>
              <Trans>Withdraw your consent or object to a use of your data.</Trans>
            </li>
          </ul>
          <p>
            <Trans>
              To use any of these rights, write to us through the <Link to="/contact-us">contact page</Link>. We reply within 30 days.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: <Trans>Security and changes</Trans>,
      body: (
        <p>
          <Trans>
            Data travels encrypted between your device and our servers, and access inside Noor is limited to the staff who need it. If we
            change this policy in an important way, we will tell you by email or in the platform before the change takes effect.
          </Trans>
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      testId="privacy-page"
      title={<Trans>Privacy policy</Trans>}
      lead={<Trans>Your family's privacy matters to us. Here is, in plain words, how we look after it.</Trans>}
      updated="2026-11-01"
      sections={sections}
    />
  );
}
