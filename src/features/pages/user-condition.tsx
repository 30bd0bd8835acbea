// User conditions: the rules of behaviour for everyone in a Noor lesson — parents, students and
// instructors — plus what a session needs technically and what happens when the rules are broken.
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { LegalPage, type LegalSection } from './legal-page';

export function UserConditionPage() {
  const sections: LegalSection[] = [
    {
      id: 'everyone',
      title: <Trans>For everyone</Trans>,
      body: (
        <ul>
          <li>
            <Trans>Be respectful in words, dress and behaviour, in line with the values of our society.</Trans>
          </li>
          <li>
            <Trans>
              Keep all contact and payments inside the platform. Do not share phone numbers, social media accounts or addresses.
            </Trans>
          </li>
          <li>
            <Trans>Do not record, photograph or share any part of a session.</Trans>
          </li>
          <li>
            <Trans>Use Noor only for learning; advertising and unrelated requests are not allowed.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'parents',
      title: <Trans>Parents and students</Trans>,
      body: (
        <ul>
          <li>
            <Trans>A parent or guardian should be at home during the session, and younger children should be supervised.</Trans>
          </li>
          <li>
            <Trans>The student joins from a shared family space, such as the living room, not from a closed bedroom.</Trans>
          </li>
          <li>
            <Trans>Be on time and have the books and materials the lesson needs ready.</Trans>
          </li>
          <li>
            <Trans>Tell us straight away if anything in a session worries you or your child.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'instructors',
      title: <Trans>Instructors</Trans>,
      body: (
        <ul>
          <li>
            <Trans>Start and end sessions on time, prepared for the student's level and school phase.</Trans>
          </li>
          <li>
            <Trans>Keep the camera on, in a quiet place with a plain background, and dress professionally.</Trans>
          </li>
          <li>
            <Trans>Never ask a child for personal information, photos or contact details, and never contact a student outside Noor.</Trans>
          </li>
          <li>
            <Trans>Never ask for or accept payment outside the platform.</Trans>
          </li>
          <li>
            <Trans>Report any concern about a child's safety or wellbeing to Noor at once.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'technical',
      title: <Trans>What a session needs</Trans>,
      body: (
        <ul>
          <li>
            <Trans>A computer or tablet with a camera, a microphone and headphones.</Trans>
          </li>
          <li>
            <Trans>A stable internet connection.</Trans>
          </li>
          <li>
            <Trans>An up-to-date browser, such as Chrome, Edge, Safari or Firefox, with permission to use the camera and microphone.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'reviews',
      title: <Trans>Ratings and reviews</Trans>,
      body: (
        <p>
          <Trans>
            Ratings help other parents and help instructors improve. Rate the session you attended honestly and fairly, without insults or
            personal details.
          </Trans>
        </p>
      ),
    },
    {
      id: 'enforcement',
      title: <Trans>When the rules are broken</Trans>,
      body: (
        <>
          <p>
            <Trans>
              Depending on how serious it is, we may warn the account holder, end a session, or suspend or close the account. Any behaviour
              that puts a child at risk leads to immediate suspension and, where the law requires, a report to the competent authorities in
              Qatar.
            </Trans>
          </p>
          <p>
            <Trans>
              To report a problem, use the <Link to="/contact-us">contact page</Link>. These conditions are part of our{' '}
              <Link to="/terms-conditions">terms and conditions</Link>.
            </Trans>
          </p>
        </>
      ),
    },
  ];
  return (
    <LegalPage
      testId="user-condition-page"
      title={<Trans>User conditions</Trans>}
      lead={<Trans>Simple rules that keep every lesson safe, respectful and useful for children.</Trans>}
      updated="2026-11-01"
      sections={sections}
    />
  );
}
