// About us: who Noor is, what it offers families in Qatar, how teachers are chosen, what it values.
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { LegalPage, type LegalSection } from './legal-page';

export function AboutPage() {
  const sections: LegalSection[] = [
    {
      id: 'story',
      title: <Trans>Our story</Trans>,
      body: (
        <>
          <p>
            <Trans>
              Noor began with a simple question from parents in Qatar: how can my child get a good teacher, at the right time, without long
              drives and waiting lists? We built a place where a family can find a trusted teacher and start a live lesson from home within
              minutes.
            </Trans>
          </p>
          <p>
            <Trans>
              Today families of over 10 thousand students in Qatar learn with Noor, in Arabic and in English, from kindergarten to the end
              of secondary school.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'mission',
      title: <Trans>Our mission</Trans>,
      body: (
        <p>
          <Trans>
            Our name means "light". Our mission is to bring the light of learning to every child: lessons that fit the child's level and
            pace, teachers who care, and parents who are always in the picture.
          </Trans>
        </p>
      ),
    },
    {
      id: 'offer',
      title: <Trans>What we offer</Trans>,
      body: (
        <ul>
          <li>
            <Trans>One-to-one live video lessons in the Holy Quran, Arabic, mathematics, English and science.</Trans>
          </li>
          <li>
            <Trans>Urgent sessions with a teacher who is available now, or sessions scheduled at a time you choose.</Trans>
          </li>
          <li>
            <Trans>A free trial session, so your child can meet a teacher before you buy anything.</Trans>
          </li>
          <li>
            <Trans>Packages of hours that can be used across subjects and teachers.</Trans>
          </li>
          <li>
            <Trans>
              Institutional packages for schools, centres and companies — <Link to="/contact-us">contact us</Link> to arrange one.
            </Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'teachers',
      title: <Trans>Our teachers</Trans>,
      body: (
        <>
          <p>
            <Trans>
              Teachers on Noor are called instructors. Each one applies with their qualifications and experience, is reviewed by our
              academic team and interviewed before their first lesson, and must accept the instructor terms and code of conduct.
            </Trans>
          </p>
          <p>
            <Trans>
              After every session parents can rate the instructor, and we follow these ratings closely to keep the quality of teaching high.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'values',
      title: <Trans>What we believe in</Trans>,
      body: (
        <ul>
          <li>
            <Trans>
              <strong>Safety first:</strong> children learn in a protected space, and parents stay informed.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Respect:</strong> for the child, the family, our Arabic language and our values.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Quality:</strong> reviewed teachers, clear lessons and honest feedback.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Flexibility:</strong> learning that fits family life, not the other way round.
            </Trans>
          </li>
        </ul>
      ),
    },
  ];
  return (
    <LegalPage
      testId="about-page"
      title={<Trans>About Noor</Trans>}
      lead={<Trans>An online tutoring platform made in Qatar for children, their parents and their teachers.</Trans>}
      sections={sections}
    />
  );
}
