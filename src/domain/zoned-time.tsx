// An instant as a <time> element, formatted by the one clock-and-zone module (src/domain/time.ts):
// on the viewer's clock, its zone named when that is not Qatar's, and Qatar's time after it.
import { useLingui } from '@lingui/react/macro';
import { zonedText } from './time';

export function ZonedTime({ iso, style = 'full', zone }: { iso: string; style?: 'full' | 'time'; zone?: string }) {
  const { i18n } = useLingui();
  const text = zonedText(i18n, iso, style, zone);
  return (
    <>
      <time dateTime={iso}>{text.local}</time>
      {text.qatar ? <span className="zoned-time-qatar"> · {text.qatar}</span> : null}
    </>
  );
}
