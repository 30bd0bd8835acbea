// A guest's preview of a teacher, a dialog on the list (a guest cannot open a teacher's page, which is
// for families): photo, name, bio, subjects, phases, rating, the latest reviews (date only) and the
// next free times on the viewer's clock with that clock named, and "Sign in to book with …", which
// remembers the teacher so the sign-in ends on their page (machines/auth/return-to.ts). Radix Dialog
// moves focus in, keeps it there, closes on Escape and gives it back to the card's button. This file
// (and the dialog library) loads on the first press of "Preview", never with the list.
import './teacher-preview.css';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TeacherCard } from '../../../contract/teachers';
import { Avatar } from '../../domain/avatar';
import { deviceZone, formatDate, zoneTime } from '../../domain/time';
import { Button } from '../../ui/button';
import { fullName, nextFreeParts, scriptLang } from './format';
import { RatingStars } from './rating-stars';
import { TeacherIntroVideo } from './teacher-intro-video';
import { teacherPreviewQuery } from '../../api/teachers';

export interface TeacherPreviewProps {
  teacher: TeacherCard;
  onClose: () => void;
  /** The card's button that opened it: focus goes back there on close (the dialog has no Radix trigger). */
  returnFocusTo?: HTMLElement | null;
  /** The guest follows "Sign in to book": remember the teacher for after the sign-in. */
  onSignIn: (teacherId: number) => void;
}

export function TeacherPreview({ teacher, onClose, onSignIn, returnFocusTo }: TeacherPreviewProps) {
  const { t, i18n } = useLingui();
  const preview = useQuery(teacherPreviewQuery(teacher.id, i18n.locale));
  const name = fullName(teacher);
  const firstName = <bdi>{teacher.first_name}</bdi>;
  const zone = deviceZone();
  const mine = zoneTime(i18n, zone);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="teacher-preview-overlay" />
        <Dialog.Content
          className="teacher-preview"
          data-testid="teacher-preview"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo?.focus();
          }}
        >
          <div className="teacher-preview-head">
            <Avatar person={teacher} />
            <div>
              <Dialog.Title className="teacher-preview-title" dir="auto">
                {name}
              </Dialog.Title>
              <RatingStars average={teacher.rating.average} count={teacher.rating.count} />
            </div>
          </div>
          <Dialog.Description asChild>
            {teacher.description ? (
              <p dir="auto" lang={scriptLang(teacher.description)}>
                {teacher.description}
              </p>
            ) : (
              <p>{t`This teacher has not written a bio yet.`}</p>
            )}
          </Dialog.Description>
          {preview.data?.video ? (
            <section aria-label={t`Intro video`}>
              <TeacherIntroVideo teacherId={teacher.id} version={preview.data.video} name={name} />
            </section>
          ) : null}
          {teacher.subjects.length ? (
            <section aria-label={t`Subjects`}>
              <h3>
                <Trans>Subjects</Trans>
              </h3>
              <p>{teacher.subjects.map((s) => s.name).join(i18n.locale === 'ar' ? '، ' : ', ')}</p>
            </section>
          ) : null}
          {teacher.phases.length ? (
            <section aria-label={t`Phases`}>
              <h3>
                <Trans>Phases</Trans>
              </h3>
              <p>{teacher.phases.map((p) => p.name).join(i18n.locale === 'ar' ? '، ' : ', ')}</p>
            </section>
          ) : null}
          <section aria-label={t`Next free times`}>
            <h3>
              <Trans>Next free times</Trans>
            </h3>
            {preview.data ? (
              preview.data.next_free.length ? (
                <>
                  <p className="muted">
                    <Trans>Times are {mine}.</Trans>
                  </p>
                  <ul className="teacher-preview-times">
                    {preview.data.next_free.map((iso) => {
                      const { date, time } = nextFreeParts(iso, i18n.locale, zone);
                      return (
                        <li key={iso}>
                          <time dateTime={iso}>{`${date}, ${time}`}</time>
                        </li>
                      );
                    })}
                  </ul>
                </>
              ) : (
                <p className="muted">
                  <Trans>No free time in the next two weeks</Trans>
                </p>
              )
            ) : preview.isError ? (
              <p role="alert">
                <Trans>The free times and reviews could not be loaded.</Trans>
              </p>
            ) : (
              <p role="status">
                <Trans>Loading…</Trans>
              </p>
            )}
          </section>
          {preview.data ? (
            <section aria-label={t`Latest reviews`}>
              <h3>
                <Trans>Latest reviews</Trans>
              </h3>
              {preview.data.reviews.length ? (
                <ul className="teacher-preview-reviews">
                  {preview.data.reviews.map((r, i) => (
                    <li key={`${r.at}-${i}`}>
                      <RatingStars average={r.rating} />
                      {r.comment ? (
                        <p dir="auto" lang={scriptLang(r.comment)}>
                          {r.comment}
                        </p>
                      ) : null}
                      <p className="muted">
                        <bdi>{r.student_first_name ?? ''}</bdi> · {formatDate(r.at, i18n.locale)}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">
                  <Trans>No evaluations yet.</Trans>
                </p>
              )}
            </section>
          ) : null}
          <div className="teacher-preview-actions">
            <Dialog.Close asChild>
              <Button variant="ghost">
                <Trans>Close</Trans>
              </Button>
            </Dialog.Close>
            <Link to="/sign-in" className="button button-primary" onClick={() => onSignIn(teacher.id)}>
              <span>
                <Trans>Sign in to book with {firstName}</Trans>
              </span>
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
