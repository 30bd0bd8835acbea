// The selected state's real screens, as the last browser walk saw them (docs/flows/walk/screens.json):
// a small gallery, Arabic at phone width and English at desktop width, each picture named by state,
// language and width, opening full size. The index and each picture load only when a state is shown.
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ScreensIndex, WalkSource } from './walk';

interface Props {
  walk: WalkSource;
  machine: string;
  state: { id: string; name: string };
}

export function StateScreens({ walk, machine, state }: Props) {
  const { t } = useLingui();
  const [index, setIndex] = useState<ScreensIndex | null>(null);
  const [urls, setUrls] = useState<Record<string, string>>({});
  const { screens, screenUrl } = walk;
  useEffect(() => {
    if (!screens) return;
    let live = true;
    screens().then(
      (loaded) => live && setIndex(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [screens]);
  const shots = index?.[machine]?.[state.id] ?? [];
  const wanted = shots.map((s) => s.file).join('\n');
  useEffect(() => {
    if (!screenUrl || !wanted) return;
    let live = true;
    for (const file of wanted.split('\n'))
      screenUrl(file).then(
        (url) => live && setUrls((known) => ({ ...known, [file]: url })),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [screenUrl, wanted]);
  if (!screens || !index) return null;
  const language = (locale: string) =>
    locale === 'ar'
      ? t({ message: 'Arabic', context: 'flows screen language' })
      : locale === 'en'
        ? t({ message: 'English', context: 'flows screen language' })
        : locale;
  return (
    <section aria-labelledby="flows-screens" data-testid="flows-screens">
      <h3 id="flows-screens">
        <Trans>Screens</Trans>
      </h3>
      {shots.length ? (
        <ul className="flows-screens">
          {shots.map((shot) => {
            const url = urls[shot.file];
            const words = language(shot.locale);
            const width = shot.width;
            return (
              <li key={shot.file}>
                <figure>
                  {url ? (
                    <a href={url} target="_blank" rel="noreferrer">
                      <img src={url} alt={t`${state.name}: the screen in ${words} at ${width} px`} loading="lazy" />
                    </a>
                  ) : (
                    <span className="flows-screen-wait" role="status">
                      <Trans>Loading the picture…</Trans>
                    </span>
                  )}
                  <figcaption>
                    <Trans>
                      {words}, {width} px
                    </Trans>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>
          <Trans>The last browser walk took no picture of this state.</Trans>
        </p>
      )}
    </section>
  );
}
