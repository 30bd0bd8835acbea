// Stands in for a screen whose feature has not landed yet, so every route of the spec exists and is titled.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { titles, type TitleKey } from '../app/titles';

export function Placeholder({ title }: { title: TitleKey }) {
  const { _ } = useLingui();
  return (
    <section className="page container">
      <h1>{_(titles[title])}</h1>
      <p className="muted">
        <Trans>This part of the platform is being prepared and will be available soon.</Trans>
      </p>
    </section>
  );
}
