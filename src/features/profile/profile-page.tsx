// The profile screen (spec §2, §3): the signed-in user's details, edited with the sign-up's rules. A
// family also sees its children (added, edited, archived), the free trial session and remaining hours; a teacher the review status, the working
// hours, their time off and the documents. After a save or a document replacement the caller refreshes the account record.
import { useEffect, useRef } from 'react';
import { keepPreviousData, useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui/spinner';
import { scrollBelowHeader } from '../../ui/scroll-into-view';
import { StudentSummary, TeacherStatus } from './account-summary';
import { CalendarSection } from './calendar-section';
import { ChildrenSection } from './children-section';
import { DocumentsSection } from './documents-section';
import { EmailSection } from './email-section';
import { HoursPrompt } from './hours-prompt';
import { PhotoSection } from './photo-section';
import { VideoSection } from './video-section';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { PushSection } from './push-section';
import { profileQuery, refreshProfile } from '../../api/profile';
import { StudentProfileForm } from './student-profile-form';
import { TeacherProfileForm } from './teacher-profile-form';
import { TimeOffSection } from './time-off-section';
import './profile.css';

export function ProfilePage({ onAccountChanged }: { onAccountChanged?: () => void }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  // The previous language's copy stays on screen while the new one loads, so a language switch keeps edits.
  const profile = useQuery({ ...profileQuery(i18n.locale), placeholderData: keepPreviousData });
  const p = profile.data;
  const loaded = Boolean(p);
  const hash = useRouterState({ select: (s) => s.location.hash });

  // A link to a section (the "set your hours" prompts: #working-hours) lands on it once the profile and
  // the lists above the section have loaded — before, the section is missing or still moving down, so
  // the browser's own jump to the fragment misses it. Once per address.
  const settled = useIsFetching() === 0;
  const landed = useRef('');
  useEffect(() => {
    if (!loaded || !hash || !settled || landed.current === hash) return;
    // A moment of quiet first: the form's own lists start loading only once it has mounted.
    const timer = window.setTimeout(() => {
      const section = document.getElementById(hash);
      if (!section) return;
      landed.current = hash;
      scrollBelowHeader(section);
    }, 150);
    return () => window.clearTimeout(timer);
  }, [loaded, hash, settled]);

  return (
    <section className="page container profile-page">
      <h1>
        <Trans>Your profile</Trans>
      </h1>
      {!p ? (
        profile.isError ? (
          <p className="muted">
            <Trans>Your profile could not be loaded. Please reload the page.</Trans>
          </p>
        ) : (
          <Spinner />
        )
      ) : p.is_teacher ? (
        <div className="profile-layout">
          <div className="profile-side">
            <TeacherStatus profile={p} />
          </div>
          <div className="profile-main">
            <HoursPrompt onProfile />
            <PhotoSection profile={p} />
            <VideoSection profile={p} />
            <TeacherProfileForm key={p.id} profile={p} onSaved={onAccountChanged} />
            <TimeOffSection zone={p.time_zone} />
            <DocumentsSection
              profile={p}
              onReplaced={() => {
                void refreshProfile(queryClient);
                onAccountChanged?.();
              }}
            />
            <CalendarSection />
            <NotificationPreferencesSection />
            <PushSection />
          </div>
        </div>
      ) : (
        <div className="profile-layout">
          <div className="profile-side">
            <StudentSummary profile={p} />
          </div>
          <div className="profile-main">
            <ChildrenSection />
            <StudentProfileForm key={p.id} profile={p} onSaved={onAccountChanged} />
            <CalendarSection />
            <EmailSection />
            <NotificationPreferencesSection />
            <PushSection />
          </div>
        </div>
      )}
    </section>
  );
}
