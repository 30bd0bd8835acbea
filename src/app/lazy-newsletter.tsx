// The footer's newsletter: its heading and a shell of the form are part of every page's first paint
// (and of the prerendered HTML, so nothing shifts); the real form, with TanStack Form and zod, loads
// only when the visitor reaches for it (focus, pointer, submit), taking over what was typed (first paint:
// a public page's first download ≤ 150 KB gzip; `npm run size` prints it).
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../ui/button';
import { DeferredForm } from '../ui/deferred-form';
import { Field } from '../ui/field';
import { TextInput } from '../ui/text-input';

const loadForm = () => import('../features/pages/newsletter-form').then((m) => m.NewsletterForm);

export function LazyNewsletter() {
  const { t } = useLingui();
  return (
    <div className="footer-newsletter" data-testid="newsletter-slot">
      <section className="newsletter" aria-labelledby="newsletter-title">
        <h2 id="newsletter-title" className="newsletter-title">
          <Trans>Newsletter</Trans>
        </h2>
        <p className="muted">
          <Trans>News about lessons, teachers and offers, straight to your inbox.</Trans>
        </p>
        <DeferredForm load={loadForm}>
          <form className="newsletter-form" noValidate>
            <Field label={t`Email for newsletter`} required>
              {(control) => <TextInput {...control} name="email" type="email" autoComplete="email" dir="ltr" inputMode="email" />}
            </Field>
            <Button type="submit" variant="secondary">
              <Trans>Subscribe</Trans>
            </Button>
          </form>
        </DeferredForm>
      </section>
    </div>
  );
}
