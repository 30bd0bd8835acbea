-- Names and bios readable in English (docs/decisions.md, "Names in Latin letters and English bios").
-- The legal name stays in Arabic letters (the sign-up rule); a teacher, a family and a child may add the
-- same name in Latin letters, written given name first, and a teacher an English bio. English pages show
-- them when present; NULL means none.
ALTER TABLE users ADD COLUMN IF NOT EXISTS latin_name text CHECK (latin_name IS NULL OR char_length(latin_name) BETWEEN 2 AND 60);
ALTER TABLE users ADD COLUMN IF NOT EXISTS bio_en text CHECK (bio_en IS NULL OR char_length(bio_en) <= 1000);
ALTER TABLE children ADD COLUMN IF NOT EXISTS latin_name text CHECK (latin_name IS NULL OR char_length(latin_name) BETWEEN 2 AND 60);

-- The teachers search finds a teacher by the Latin name too: the stored folded name (migration 0030)
-- now carries it. Nothing indexes the column, so it is simply made again.
ALTER TABLE users DROP COLUMN name_folded;
ALTER TABLE users ADD COLUMN name_folded text GENERATED ALWAYS AS (
  translate(lower(first_name || ' ' || coalesce(second_name, '') || ' ' || last_name || ' ' || coalesce(latin_name, '')),
    'أإآٱىة', 'اااايه')
) STORED;
