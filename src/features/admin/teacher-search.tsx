// Support finds a teacher by name or phone (any status) and opens the teacher's application page, where
// the sign-up data, the status history and the rate are.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { TextInput } from '../../ui/text-input';
import { teacherSearchQuery } from './admin-api';
import { listOf } from './format';
import { statusTexts } from './texts';

export function TeacherSearch() {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery({ ...teacherSearchQuery(q), enabled: q !== '' });
  const find = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  return (
    <section className="console-card" aria-labelledby="teacher-search-title">
      <h2 id="teacher-search-title">
        <Trans>Find a teacher</Trans>
      </h2>
      <form role="search" className="console-search" onSubmit={find} aria-labelledby="teacher-search-title">
        <label htmlFor="teacher-search" className="field-label">
          <Trans>Teacher's name or phone</Trans>
        </label>
        <TextInput id="teacher-search" type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} />
        <Button type="submit" variant="secondary">
          <Trans>Search teachers</Trans>
        </Button>
      </form>
      {q === '' ? null : !found.data ? (
        <LoadState failed={found.isError} failedText={<Trans>The teachers could not be loaded.</Trans>} />
      ) : found.data.data.length === 0 ? (
        <p className="muted" role="status">
          <Trans>No teacher matches this search.</Trans>
        </p>
      ) : (
        <ul className="console-list" aria-label={t`Teachers found`}>
          {found.data.data.map((row) => (
            <li key={row.id}>
              <Link to="/admin/teachers/$id" params={{ id: String(row.id) }}>
                {row.name}
              </Link>{' '}
              <span className="console-phone" dir="ltr">
                {row.phone}
              </span>{' '}
              <span className={`console-status console-status-${row.status}`}>{i18n._(statusTexts[row.status])}</span>{' '}
              <span className="muted">{listOf(row.subjects, i18n.locale)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
