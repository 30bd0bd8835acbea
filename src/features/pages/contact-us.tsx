// The contact page: how to reach the team (from the server's settings) and the message form. The form's
// logic (TanStack Form, zod, the phone numbering plans: ~100 KB gzip) loads when the visitor reaches for
// it (focus, pointer, submit); until then the same fields are plain inputs, prerendered, that hand over
// what was typed (a public page's first download ≤ 150 KB gzip; src/ui/deferred-form.tsx).
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contactDetailsOf, settingsQuery } from '../../api/reference';
import { Button } from '../../ui/button';
import { DeferredForm } from '../../ui/deferred-form';
import { Field, type ControlProps } from '../../ui/field';
import { TextArea } from '../../ui/text-area';
import { TextInput } from '../../ui/text-input';
import { MessageCounter } from './message-counter';

const loadForm = () => import('./contact-form').then((m) => m.ContactForm);

/**
 * The phone input's markup with the default country (Qatar) and no picker list: the country list and
 * its numbering plans come with the real form, which keeps the digits typed here.
 */
function PhoneShell(control: ControlProps) {
  const { t } = useLingui();
  return (
    <div className="phone-input" dir="ltr">
      <div className="phone-country">
        <span className="phone-country-face" aria-hidden="true">
          <span className="phone-flag">🇶🇦</span>
          <span className="phone-dial">+974</span>
          <span className="phone-caret">▾</span>
        </span>
        <select className="phone-country-select" aria-label={t`Country code`} defaultValue="QA">
          <option value="QA">🇶🇦 +974</option>
        </select>
      </div>
      <input
        {...control}
        name="phone"
        className="input phone-number"
        type="tel"
        inputMode="tel"
        maxLength={25}
        placeholder={t`Enter a phone number`}
        autoComplete="tel-national"
      />
    </div>
  );
}

export function ContactPage() {
  const { t, i18n } = useLingui();
  const settings = useQuery(settingsQuery(i18n.locale));
  const details = contactDetailsOf(settings.data);

  return (
    <section className="page container contact-page">
      <h1>
        <Trans>Contact us</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Questions about lessons, packages for schools and institutions, or anything else? Write to us and our team will reply as soon as
          possible.
        </Trans>
      </p>

      <div className="contact-layout">
        {details.email || details.phone || details.address ? (
          <aside className="contact-details" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">
              <Trans>Reach us directly</Trans>
            </h2>
            <dl>
              {details.email ? (
                <>
                  <dt>
                    <Trans>Email</Trans>
                  </dt>
                  <dd>
                    <a href={`mailto:${details.email}`} dir="ltr">
                      {details.email}
                    </a>
                  </dd>
                </>
              ) : null}
              {details.phone ? (
                <>
                  <dt>
                    <Trans>Phone</Trans>
                  </dt>
                  <dd>
                    <a href={`tel:${details.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                      {details.phone}
                    </a>
                  </dd>
                </>
              ) : null}
              {details.address ? (
                <>
                  <dt>
                    <Trans>Address</Trans>
                  </dt>
                  <dd>{details.address}</dd>
                </>
              ) : null}
            </dl>
          </aside>
        ) : null}

        <DeferredForm load={loadForm}>
          <form className="form contact-form" noValidate aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">
              <Trans>Send us a message</Trans>
            </h2>
            <Field label={t`Name`} required>
              {(control) => <TextInput {...control} name="name" autoComplete="name" />}
            </Field>
            <Field label={t`Email`} required>
              {(control) => <TextInput {...control} name="email" type="email" autoComplete="email" dir="ltr" inputMode="email" />}
            </Field>
            <Field label={t`Phone`} required>
              {(control) => <PhoneShell {...control} />}
            </Field>
            <Field label={t`Message`} required description={<MessageCounter count={0} />}>
              {(control) => <TextArea {...control} name="message" rows={6} />}
            </Field>
            <Button type="submit">
              <Trans>Send</Trans>
            </Button>
          </form>
        </DeferredForm>
      </div>
    </section>
  );
}
