-- Reference lists (phases, countries, subjects, settings), people (students and teachers) with what a
-- teacher card shows (subjects, phases, working hours, evaluations), and the public forms' tables.
-- Tokens, OTP codes, requests, sessions and packages arrive with their own issues as later migrations.

CREATE TABLE phases (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  stage       text NOT NULL CHECK (stage IN ('kindergarten', 'primary', 'preparatory', 'secondary')),
  grade       smallint,
  name_ar     text NOT NULL,
  name_en     text NOT NULL,
  sort_order  integer NOT NULL
);

CREATE TABLE countries (
  code        char(2) PRIMARY KEY CHECK (code = upper(code)),
  dial_code   text NOT NULL CHECK (dial_code ~ '^\+[0-9]{1,4}$'),
  name_ar     text NOT NULL,
  name_en     text NOT NULL,
  arab_league boolean NOT NULL DEFAULT false,
  sort_order  integer NOT NULL DEFAULT 1000
);

CREATE TABLE subjects (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  name_ar     text NOT NULL,
  name_en     text NOT NULL,
  sort_order  integer NOT NULL
);

-- One row per setting; localized values are stored as {"ar": …, "en": …}.
CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type                 text NOT NULL CHECK (type IN ('student', 'instructor')),
  first_name           text NOT NULL,
  second_name          text,
  last_name            text NOT NULL,
  phone                text NOT NULL UNIQUE CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  country_code         char(2) REFERENCES countries (code),
  email                text,
  gender               text CHECK (gender IN ('male', 'female', 'neutral')),
  birth_date           date,
  -- A student's school phase; teachers teach several phases (teacher_phases).
  phase_id             integer REFERENCES phases (id),
  -- Teacher review status (spec §4); students are always active.
  status               text NOT NULL DEFAULT 'active' CHECK (status IN ('in_review', 'policy', 'active')),
  has_free_session     boolean NOT NULL DEFAULT true,
  password_hash        text,
  nationality_code     char(2) REFERENCES countries (code),
  experience_years     smallint CHECK (experience_years BETWEEN 0 AND 80),
  qualification        text CHECK (qualification IN ('bachelor', 'master', 'phd', 'degree', 'file', 'certificate')),
  description          text,
  avatar_url           text,
  phone_verified_at    timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (type = 'instructor' OR status = 'active')
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX users_type_status_idx ON users (type, status);

CREATE TABLE teacher_subjects (
  teacher_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject_id  integer NOT NULL REFERENCES subjects (id),
  PRIMARY KEY (teacher_id, subject_id)
);
CREATE INDEX teacher_subjects_subject_idx ON teacher_subjects (subject_id);

CREATE TABLE teacher_phases (
  teacher_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  phase_id    integer NOT NULL REFERENCES phases (id),
  PRIMARY KEY (teacher_id, phase_id)
);
CREATE INDEX teacher_phases_phase_idx ON teacher_phases (phase_id);

-- Weekly availability in Qatar local time (Asia/Qatar, UTC+3, no daylight saving); weekday 0 = Sunday.
CREATE TABLE working_hours (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  teacher_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  weekday     smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  start_time  time NOT NULL,
  end_time    time NOT NULL,
  CHECK (end_time > start_time),
  UNIQUE (teacher_id, weekday, start_time)
);

CREATE TABLE evaluations (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  teacher_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  student_id  integer REFERENCES users (id) ON DELETE SET NULL,
  rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment     text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evaluations_teacher_idx ON evaluations (teacher_id);

CREATE TABLE contact_messages (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL,
  email       text NOT NULL,
  phone       text NOT NULL,
  message     text NOT NULL,
  locale      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE newsletter_subscribers (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email       text NOT NULL,
  locale      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- Case-insensitive uniqueness: Ali@x.qa and ali@x.qa are one subscriber.
CREATE UNIQUE INDEX newsletter_subscribers_email_key ON newsletter_subscribers (lower(email));
