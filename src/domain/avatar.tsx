// A teacher's face wherever a teacher is named: cards, the teacher page, request cards and
// session details. With a photo, the server's clean WebP (160 px for lists, 480 px for the page, both
// cached for a year under a content hash); without one, initials on a theme colour picked from the id,
// so the same teacher always has the same colour, in light and dark.
import './avatar.css';
import { photoPath } from '../../contract/photo-path';
import { apiUrl } from '../api/client';

export interface AvatarPerson {
  id: number;
  first_name: string;
  last_name: string;
  photo?: string | null | undefined;
}

const TONES = 3;

/** First letters of the first and family names; a non-joiner keeps Arabic letters apart. */
export function initialsOf(person: Pick<AvatarPerson, 'first_name' | 'last_name'>): string {
  const first = [...person.first_name.trim()][0] ?? '';
  // An Arabic family name's article is not its initial: الشمري gives ش, not ا.
  const last = [...person.last_name.trim().replace(/^ال(?=\p{L}{2})/u, '')][0] ?? '';
  return [first, last].filter(Boolean).join('\u200c');
}

/** Decorative beside a name the reader already has: the name is not read twice. */
export function Avatar({ person, size = 'small' }: { person: AvatarPerson; size?: 'small' | 'large' }) {
  const className = `avatar avatar-${size}`;
  if (person.photo) {
    const side = size === 'small' ? 160 : 480;
    return (
      <img
        className={className}
        src={apiUrl(photoPath(person.photo, size))}
        width={side}
        height={side}
        alt=""
        loading="lazy"
        decoding="async"
        data-testid="avatar-photo"
      />
    );
  }
  return (
    <span className={`${className} avatar-initials avatar-tone-${person.id % TONES}`} aria-hidden="true" data-testid="avatar-initials">
      {initialsOf(person)}
    </span>
  );
}
