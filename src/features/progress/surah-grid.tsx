// The 114 surahs as small cells, each with its name, "memorised / verses" and a bar: juz' 30 first, from
// An-Nas back to An-Naba (the order children learn it), then the rest of the Quran in the mushaf's order,
// folded away unless something in it is memorised or revised. Colour is never the only sign: each cell
// says its numbers in text, and its accessible name is one sentence (the visible parts are hidden from
// assistive technology so nothing is read twice).
import { Trans, useLingui } from '@lingui/react/macro';
import { SURAHS } from '../../../contract/reports';
import type { ChildProgress } from '../../api/progress';
import { Icon } from '../../domain/icon';

/** Surahs 114 down to 78 (juz' 30), then 1 to 77. */
const JUZ_30 = Array.from({ length: 37 }, (_, i) => 114 - i);
const REST = Array.from({ length: 77 }, (_, i) => i + 1);

type Counts = ReadonlyMap<number, { memorised: number; revised: number }>;

function SurahCell({ surah, counts }: { surah: number; counts: Counts }) {
  const { t, i18n } = useLingui();
  const [verses, ar, en] = SURAHS[surah - 1]!;
  const name = i18n.locale === 'en' ? en : ar;
  const { memorised, revised } = counts.get(surah) ?? { memorised: 0, revised: 0 };
  const state = memorised >= verses ? 'done' : memorised > 0 ? 'partial' : 'none';
  const percent = Math.round((memorised / verses) * 100);
  const sentence =
    revised > 0
      ? t`${name}: ${memorised} of ${verses} verses memorised, ${revised} revised`
      : t`${name}: ${memorised} of ${verses} verses memorised`;
  return (
    <li className={`surah-cell surah-${state}`} data-testid={`surah-${surah}`} data-memorised={memorised}>
      <span className="visually-hidden">{sentence}</span>
      <span className="surah-name" aria-hidden="true">
        {name}
      </span>
      <span className="surah-count" aria-hidden="true">
        {/* Drawn, not the ✓ character: some desktops' fonts lack it. */}
        {state === 'done' ? <Icon name="check" className="surah-check" /> : null}
        <bdi dir="ltr">
          {memorised} / {verses}
        </bdi>
      </span>
      <span className="surah-bar" aria-hidden="true">
        <span className="surah-bar-fill" style={{ inlineSize: `${percent}%` }} />
      </span>
      {revised > 0 ? (
        <span className="surah-revised" aria-hidden="true">
          <Trans>Revised {revised}</Trans>
        </span>
      ) : null}
    </li>
  );
}

export function SurahGrid({ quran }: { quran: ChildProgress['quran'] }) {
  const counts: Counts = new Map(quran.surahs.map((s) => [s.surah, s]));
  const restTouched = quran.surahs.some((s) => s.surah < 78);
  return (
    <div className="surah-grid">
      <h3 id="juz-30">
        <Trans>Juz' 30 (Amma)</Trans>
      </h3>
      <ul className="surah-cells" aria-labelledby="juz-30">
        {JUZ_30.map((n) => (
          <SurahCell key={n} surah={n} counts={counts} />
        ))}
      </ul>
      <details className="surah-rest" open={restTouched}>
        <summary>
          <Trans>The rest of the Quran (surahs 1–77)</Trans>
        </summary>
        <ul className="surah-cells" data-testid="surah-rest">
          {REST.map((n) => (
            <SurahCell key={n} surah={n} counts={counts} />
          ))}
        </ul>
      </details>
    </div>
  );
}
