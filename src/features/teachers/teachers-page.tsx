// The public teachers list (spec §2): search by name (debounced, kept in the address), filters by
// subject, phase, gender and available now, paging from the server; cards with hours, experience,
// subjects and ratings. No result for a name shows the spec's "no teacher found with this name".
import './teachers.css';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Field } from '../../ui/field';
import { Pager } from '../../ui/pager';
import { TextInput } from '../../ui/text-input';
import { phasesQuery, subjectsQuery } from '../../api/reference';
import { LoadFailure } from './load-failure';
import { TeacherCard, TeacherCardSkeleton } from './teacher-card';
import { PER_PAGE, teachersQuery, type TeachersSearch } from '../../api/teachers';
import type { TeacherCard as Teacher } from '../../../contract/teachers';

// The guest's preview dialog (and Radix Dialog with it) loads on the first "Preview", not with the list.
const TeacherPreview = lazy(() => import('./teacher-preview').then((m) => ({ default: m.TeacherPreview })));

export const SEARCH_DEBOUNCE_MS = 350;

export interface TeachersPageProps {
  search: TeachersSearch;
  /** Writes the filters to the address; typing replaces the entry, other changes push one. */
  onSearchChange: (next: TeachersSearch, options: { replace: boolean }) => void;
  /**
   * Given for a guest (who cannot open a teacher's page): the cards offer a preview whose "Sign in to
   * book" calls this with the teacher, to be remembered for after the sign-in.
   */
  onSignInToBook?: ((teacherId: number) => void) | undefined;
}

/**
 * A filter by one reference list (subjects or phases): all of them, or one by id. A native select, not
 * ui/select-input: that would be one more chunk on this public route's first visit.
 */
function ListFilter(props: {
  label: string;
  all: string;
  items: readonly { id: number; name: string }[] | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  return (
    <Field label={props.label}>
      {(control) => (
        <select
          {...control}
          className="input select"
          value={props.value ?? ''}
          onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : undefined)}
        >
          <option value="">{props.all}</option>
          {(props.items ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function TeachersPage({ search, onSearchChange, onSignInToBook }: TeachersPageProps) {
  const [previewing, setPreviewing] = useState<{ teacher: Teacher; opener: HTMLElement } | null>(null);
  const { t, i18n } = useLingui();
  const subjects = useQuery(subjectsQuery(i18n.locale));
  const phases = useQuery(phasesQuery(i18n.locale));
  // A subject named by its code waits for the subjects, then becomes the id filter (one replaced entry).
  const list = useQuery({ ...teachersQuery(search, i18n.locale), enabled: !search.subject_code });
  const codeId = search.subject_code ? subjects.data?.find((s) => s.code === search.subject_code)?.id : undefined;
  useEffect(() => {
    if (!search.subject_code || !subjects.data) return;
    const { subject_code: _code, ...rest } = search;
    onSearchChange(codeId ? { ...rest, subject: codeId } : rest, { replace: true });
  }, [search, subjects.data, codeId, onSearchChange]);
  const [typed, setTyped] = useState(search.q ?? '');
  const [lastQ, setLastQ] = useState(search.q ?? '');
  const ids = { gender: useId(), available: useId() };

  // Back/forward changes the address under us: show its name (adjusting state while rendering).
  if ((search.q ?? '') !== lastQ) {
    setLastQ(search.q ?? '');
    setTyped(search.q ?? '');
  }

  useEffect(() => {
    const q = typed.trim();
    if (q === (search.q ?? '')) return;
    const timer = setTimeout(
      () => onSearchChange({ ...search, q: q || undefined, page: undefined }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, search, onSearchChange]);

  const change = (patch: Partial<TeachersSearch>) => onSearchChange({ ...search, ...patch, page: undefined }, { replace: false });
  const page = search.page ?? 1;
  // Anything that narrows the list (the page number does not).
  const filtered = Boolean(search.q || search.subject || search.phase || search.gender || search.available);
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <section className="page container teachers-page">
      <h1>
        <Trans>Our teachers</Trans>
      </h1>
      <form className="teachers-filters" role="search" onSubmit={(e) => e.preventDefault()} aria-label={t`Find a teacher`}>
        <Field label={t`Search by name`} className="teachers-search">
          {(control) => (
            <TextInput {...control} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          )}
        </Field>
        <ListFilter
          label={t`Subject`}
          all={t`All subjects`}
          items={subjects.data}
          value={search.subject}
          onChange={(subject) => change({ subject })}
        />
        <ListFilter label={t`Phase`} all={t`All phases`} items={phases.data} value={search.phase} onChange={(phase) => change({ phase })} />
        <Field label={t`Teacher gender`} id={ids.gender}>
          {(control) => (
            <select
              {...control}
              className="input select"
              value={search.gender ?? ''}
              onChange={(e) => change({ gender: e.target.value === 'male' || e.target.value === 'female' ? e.target.value : undefined })}
            >
              <option value="">{t`Any`}</option>
              <option value="male">{t`Male`}</option>
              <option value="female">{t`Female`}</option>
            </select>
          )}
        </Field>
        <div className="teachers-available">
          <input
            id={ids.available}
            type="checkbox"
            checked={search.available ?? false}
            onChange={(e) => change({ available: e.target.checked || undefined })}
          />
          <label htmlFor={ids.available}>
            <Trans>Available now</Trans>
          </label>
        </div>
      </form>

      <div
        aria-live="polite"
        aria-busy={list.isFetching || undefined}
        className={list.isPlaceholderData ? 'teachers-results teachers-stale' : 'teachers-results'}
      >
        {list.data ? (
          list.data.data.length ? (
            <>
              <p className="muted teachers-count">
                <Plural value={total} one="# teacher found" other="# teachers found" />
              </p>
              <ul className="teacher-grid">
                {list.data.data.map((teacher) => (
                  <TeacherCard
                    key={teacher.id}
                    teacher={teacher}
                    onPreview={onSignInToBook ? (teacher, opener) => setPreviewing({ teacher, opener }) : undefined}
                  />
                ))}
              </ul>
            </>
          ) : (
            <div className="teachers-empty">
              <p role="status">
                {search.q ? <Trans>No teacher found with this name</Trans> : <Trans>No teacher matches these filters.</Trans>}
              </p>
              {filtered ? (
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => {
                    setTyped('');
                    onSearchChange({}, { replace: false });
                  }}
                >
                  <Trans>Clear filters</Trans>
                </button>
              ) : null}
            </div>
          )
        ) : list.isError ? (
          <LoadFailure onRetry={() => void list.refetch()}>
            <Trans>The teachers could not be loaded.</Trans>
          </LoadFailure>
        ) : (
          <ul className="teacher-grid" aria-label={t`Loading teachers`}>
            {Array.from({ length: 6 }, (_, i) => (
              <TeacherCardSkeleton key={i} />
            ))}
          </ul>
        )}
      </div>

      <Pager
        label={t`Pages`}
        page={page}
        pages={pages}
        onPage={(next) => onSearchChange({ ...search, page: next > 1 ? next : undefined }, { replace: false })}
      />
      {previewing && onSignInToBook ? (
        <Suspense fallback={null}>
          <TeacherPreview
            teacher={previewing.teacher}
            returnFocusTo={previewing.opener}
            onClose={() => setPreviewing(null)}
            onSignIn={onSignInToBook}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
