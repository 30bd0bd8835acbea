// The home page: the free-trial offer, how booking works, the subjects taught, why parents trust
// Noor, and a closing call to action. Static content only, so the home route stays light.
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { HeroArt } from './hero-art';
import { Icon, type IconName } from '../../domain/icon';
import type { ReactNode } from 'react';

interface Card {
  icon: IconName;
  title: ReactNode;
  text: ReactNode;
}

/** A subject card opens the teachers list filtered by that subject (by its code: ids are the database's). */
interface SubjectCard extends Card {
  code: string;
}

/** `banner`: an offer above the hero for this visit (a guest sent here from a teacher). */
export function HomePage({ banner }: { banner?: ReactNode } = {}) {
  const steps: Card[] = [
    {
      icon: 'search',
      title: <Trans>Choose a teacher</Trans>,
      text: <Trans>Browse reviewed Quran and school-subject teachers, their school phases and the ratings other parents gave them.</Trans>,
    },
    {
      icon: 'calendar',
      title: <Trans>Book now or schedule</Trans>,
      text: (
        <Trans>
          Ask for an urgent session with a teacher who is available now, or pick a time at least an hour ahead, from one to six hours.
        </Trans>
      ),
    },
    {
      icon: 'video',
      title: <Trans>Join the live session</Trans>,
      text: <Trans>At the set time your child meets the teacher face to face in a live video classroom, straight from the browser.</Trans>,
    },
    {
      icon: 'progress',
      title: <Trans>Follow the progress</Trans>,
      text: <Trans>Every session stays in your requests: look back, rate the teacher and book the next lesson in a few taps.</Trans>,
    },
  ];

  const subjects: SubjectCard[] = [
    {
      code: 'quran',
      icon: 'quran',
      title: <Trans>Holy Quran</Trans>,
      text: <Trans>Memorisation, recitation and tajweed, at your child's own pace.</Trans>,
    },
    {
      code: 'arabic',
      icon: 'arabic',
      title: <Trans>Arabic language</Trans>,
      text: <Trans>Reading, handwriting, grammar and confident expression.</Trans>,
    },
    {
      code: 'mathematics',
      icon: 'math',
      title: <Trans>Mathematics</Trans>,
      text: <Trans>From counting to algebra, following the school curriculum in Qatar.</Trans>,
    },
    {
      code: 'english',
      icon: 'english',
      title: <Trans>English</Trans>,
      text: <Trans>Speaking, reading and writing, plus help with school work.</Trans>,
    },
    {
      code: 'science',
      icon: 'science',
      title: <Trans>Science</Trans>,
      text: <Trans>Clear explanations and homework help for curious minds.</Trans>,
    },
  ];

  const reasons: Card[] = [
    {
      icon: 'shield',
      title: <Trans>Safe for children</Trans>,
      text: (
        <Trans>
          Lessons happen only inside Noor, never through personal numbers, and parents see every booking from their own account.
        </Trans>
      ),
    },
    {
      icon: 'teacher',
      title: <Trans>Reviewed teachers</Trans>,
      text: (
        <Trans>
          Every instructor is reviewed before teaching — identity, qualifications and an interview — and accepts our code of conduct.
        </Trans>
      ),
    },
    {
      icon: 'clock',
      title: <Trans>Flexible packages</Trans>,
      text: <Trans>Buy hours once and use them when it suits your family, with the subject and teacher your child needs that week.</Trans>,
    },
  ];

  return (
    <div className="home">
      {banner}
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="hero-badge">
              <Icon name="gift" />
              <Trans>Your child's first session is free</Trans>
            </p>
            <h1 id="hero-title" className="hero-title">
              <Trans>Live lessons that light up your child's learning</Trans>
            </h1>
            <p className="hero-lead">
              <Trans>
                Book a qualified Quran or school-subject teacher for a one-to-one video session — right now, or at a time that suits your
                family.
              </Trans>
            </p>
            <div className="cta-row">
              <Link to="/sign-up" className="button button-secondary button-large" data-testid="hero-signup">
                <Trans>Start your free trial</Trans>
                <Icon name="arrow" />
              </Link>
              <Link to="/teachers" className="button button-on-dark button-large" data-testid="hero-teachers">
                <Trans>Browse teachers</Trans>
              </Link>
            </div>
            <p className="hero-claim" data-testid="students-claim">
              <Trans>
                Trusted by families of <strong>over 10 thousand students</strong> in Qatar
              </Trans>
            </p>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="section container" aria-labelledby="steps-title">
        <div className="section-head">
          <h2 id="steps-title">
            <Trans>How it works</Trans>
          </h2>
          <p className="muted">
            <Trans>From choosing a teacher to the first lesson takes only a few minutes.</Trans>
          </p>
        </div>
        <ol className="steps">
          {steps.map((step, i) => (
            <li key={step.icon} className="card step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <Icon name={step.icon} className="card-icon" />
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section section-tinted" aria-labelledby="subjects-title">
        <div className="container">
          <div className="section-head">
            <h2 id="subjects-title">
              <Trans>Subjects we teach</Trans>
            </h2>
            <p className="muted">
              <Trans>Teachers for the Holy Quran and the main school subjects, for every school phase.</Trans>
            </p>
          </div>
          <ul className="subjects">
            {subjects.map((subject) => (
              <li key={subject.icon}>
                <Link to="/teachers" search={{ subject_code: subject.code }} className="card subject-card">
                  <Icon name={subject.icon} className="card-icon" />
                  <span className="subject-title">{subject.title}</span>
                  <span className="subject-text">{subject.text}</span>
                  <span className="subject-more">
                    <Trans>Find a teacher</Trans>
                    <Icon name="arrow" />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section container" aria-labelledby="trust-title">
        <div className="section-head">
          <h2 id="trust-title">
            <Trans>Why parents trust Noor</Trans>
          </h2>
        </div>
        <ul className="reasons">
          {reasons.map((reason) => (
            <li key={reason.icon} className="card reason">
              <Icon name={reason.icon} className="card-icon" />
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
          <li className="card reason reason-institution">
            <Icon name="building" className="card-icon" />
            <h3>
              <Trans>For schools and centres</Trans>
            </h3>
            <p>
              <Trans>Institutional packages for schools, learning centres and companies that support their employees' families.</Trans>
            </p>
            <Link to="/contact-us" className="text-link" data-testid="institutional-contact">
              <Trans>Ask about institutional packages</Trans>
              <Icon name="arrow" />
            </Link>
          </li>
        </ul>
      </section>

      <section className="container" aria-labelledby="final-cta-title">
        <div className="final-cta">
          <h2 id="final-cta-title">
            <Trans>Ready for your child's first lesson?</Trans>
          </h2>
          <p>
            <Trans>The first session is on us. Create an account in a minute and choose a teacher.</Trans>
          </p>
          <div className="cta-row">
            <Link to="/sign-up" className="button button-secondary button-large" data-testid="final-signup">
              <Trans>Sign up for free</Trans>
            </Link>
            <Link to="/contact-us" className="button button-on-dark button-large">
              <Trans>Talk to us</Trans>
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
