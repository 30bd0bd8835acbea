// @vitest-environment jsdom
// The phone input (spec §5, §9): validity per selected country with its five messages, the optional
// country restriction, the IP-to-country reply format, and that a failing or slow lookup keeps Qatar.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emptyPhone,
  lookupCountry,
  parseCountryReply,
  PhoneInput,
  toPhoneValue,
  validatePhone,
  type CountryCode,
  type PhoneValue,
} from '../../../src/ui/phone-input';
import { makeI18n } from '../helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const phone = (text: string, country: CountryCode = 'QA') => toPhoneValue(text, country);

describe('validatePhone', () => {
  it('accepts a valid number for the selected country and gives its E.164 form', () => {
    expect(validatePhone(phone('5555 5555'))).toBeUndefined();
    expect(phone('5555 5555').e164).toBe('+97455555555');
    expect(validatePhone(phone('050 123 4567', 'SA'))).toBeUndefined();
    expect(phone('050 123 4567', 'SA').e164).toBe('+966501234567');
  });

  it('judges the same digits by the selected country', () => {
    // A Saudi mobile number typed while Qatar is selected is no Qatari number.
    expect(validatePhone(phone('0501234567', 'QA'))).toBe('phone.invalid');
    expect(validatePhone(phone('55555555', 'SA'))).not.toBeUndefined();
  });

  it('names what is wrong: empty, not a number, too short, too long, invalid', () => {
    expect(validatePhone(emptyPhone())).toBe('phone.required');
    expect(validatePhone(emptyPhone(), { required: false })).toBeUndefined();
    expect(validatePhone(phone('abc'))).toBe('phone.not_a_number');
    expect(validatePhone(phone('5555'))).toBe('phone.too_short');
    expect(validatePhone(phone('5555555555555'))).toBe('phone.too_long');
    // Right length, but no Qatari number starts with 1.
    expect(validatePhone(phone('12345678'))).toBe('phone.invalid');
  });

  it('reads Eastern Arabic digits as typed on an Arabic keyboard', () => {
    expect(validatePhone(phone('٥٥٥٥٥٥٥٥'))).toBeUndefined();
    expect(phone('٥٥٥٥٥٥٥٥').e164).toBe('+97455555555');
  });

  it('a number typed with its own dial code moves the country', () => {
    const value = toPhoneValue('+966 50 123 4567', 'QA');
    expect(value.country).toBe('SA');
    expect(validatePhone(value)).toBeUndefined();
  });

  it('with a restriction, a number from another country is invalid and does not move the picker', () => {
    const only: CountryCode[] = ['QA'];
    const value = toPhoneValue('+966501234567', 'QA', only);
    expect(value.country).toBe('QA');
    expect(validatePhone(value, { onlyCountries: only })).toBe('phone.invalid_country');
    expect(validatePhone(toPhoneValue('55555555', 'QA', only), { onlyCountries: only })).toBeUndefined();
    expect(validatePhone(toPhoneValue('0501234567', 'SA'), { onlyCountries: only })).toBe('phone.invalid_country');
  });
});

describe('parseCountryReply', () => {
  it('reads characters 2–3 of a reply that starts with 1', () => {
    expect(parseCountryReply('1;SA;SAU;Saudi Arabia')).toBe('SA');
    expect(parseCountryReply('1;qa;QAT;Qatar')).toBe('QA');
  });
  it('refuses any other reply', () => {
    expect(parseCountryReply('0;;;WRONG INPUT')).toBeNull();
    expect(parseCountryReply('2;SA;SAU;Saudi Arabia')).toBeNull();
    expect(parseCountryReply('1;ZZ;ZZZ;Nowhere')).toBeNull();
    expect(parseCountryReply('1;')).toBeNull();
    expect(parseCountryReply('<html>')).toBeNull();
  });
});

describe('lookupCountry', () => {
  const textReply = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

  it('gives the country of a well-formed reply', async () => {
    const fetch = textReply('1;AE;ARE;United Arab Emirates');
    expect(await lookupCountry('https://lookup.test/', { fetch })).toBe('AE');
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('gives null without logging for an address that has no country (a loopback or private one)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await lookupCountry('https://lookup.test/', { fetch: textReply('2;;;UNKNOWN') })).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ['an unexpected reply', textReply('0;;;WRONG INPUT')],
    ['an HTTP error', textReply('1;AE;ARE;x', 503)],
    ['no response', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))],
  ])('logs "unable to fetch the country" and gives null on %s', async (_, fetch) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await lookupCountry('https://lookup.test/', { fetch })).toBeNull();
    expect(log).toHaveBeenCalledWith('unable to fetch the country', expect.anything());
  });

  it('gives up after the timeout instead of waiting for a slow service', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const never = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const started = Date.now();
    expect(await lookupCountry('https://lookup.test/', { fetch: never, timeoutMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(log).toHaveBeenCalledWith('unable to fetch the country', expect.anything());
  });
});

// The lookup runs once per URL and page load; tests about other things turn it off, so the one test of
// the default endpoint is the first to ask it.
function Harness(props: { lookupUrl?: string; autoLookup?: boolean; onlyCountries?: CountryCode[]; onValue?: (v: PhoneValue) => void }) {
  const [value, setValue] = useState(emptyPhone());
  return (
    <PhoneInput
      id="phone"
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onValue?.(v);
      }}
      lookupUrl={props.lookupUrl}
      autoLookup={props.autoLookup ?? props.lookupUrl !== undefined}
      onlyCountries={props.onlyCountries}
    />
  );
}

function renderPhone(props: Parameters<typeof Harness>[0] = {}, locale: 'en' | 'ar' = 'en') {
  return render(
    <I18nProvider i18n={makeI18n(locale)}>
      <Harness {...props} />
    </I18nProvider>,
  );
}

describe('PhoneInput', () => {
  it('is a tel field of at most 25 characters with the agreed placeholder, Qatar by default', () => {
    renderPhone();
    const input = screen.getByPlaceholderText('Enter a phone number');
    expect(input).toHaveProperty('type', 'tel');
    expect(input.getAttribute('maxlength')).toBe('25');
    const picker = screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement;
    expect(picker.value).toBe('QA');
    expect(picker.selectedOptions[0]?.textContent).toBe('🇶🇦 Qatar +974');
    expect(screen.getByText('+974')).toBeTruthy();
  });

  it('names countries in Arabic in the Arabic interface', () => {
    renderPhone({}, 'ar');
    const picker = screen.getByRole('combobox') as HTMLSelectElement;
    expect(picker.selectedOptions[0]?.textContent).toMatch(/قطر/);
    expect(screen.getByPlaceholderText('أدخل رقم الهاتف')).toBeTruthy();
  });

  it('emits the country and the E.164 number as the user types', async () => {
    const onValue = vi.fn();
    renderPhone({ onValue });
    await userEvent.type(screen.getByRole('textbox'), '55555555');
    expect(onValue).toHaveBeenLastCalledWith({ country: 'QA', text: '55555555', e164: '+97455555555' });
    await userEvent.selectOptions(screen.getByRole('combobox'), 'SA');
    expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ country: 'SA', e164: '+96655555555' }));
  });

  it('offers only the allowed countries when restricted', () => {
    renderPhone({ onlyCountries: ['QA', 'KW'] });
    const options = [...(screen.getByRole('combobox') as HTMLSelectElement).options].map((o) => o.value);
    expect(options.sort()).toEqual(['KW', 'QA']);
  });

  it('takes the looked-up country when the reply is well formed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('1;SA;SAU;Saudi Arabia')),
    );
    renderPhone({ lookupUrl: 'https://lookup.test/ok' });
    await waitFor(() => expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('SA'));
  });

  it('keeps Qatar and logs when the lookup fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = vi.fn(async () => new Response('0;;;WRONG INPUT'));
    vi.stubGlobal('fetch', fetch);
    renderPhone({ lookupUrl: 'https://lookup.test/bad' });
    await waitFor(() => expect(log).toHaveBeenCalledWith('unable to fetch the country', expect.anything()));
    expect(fetch).toHaveBeenCalledOnce();
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('QA');
  });

  it('asks our own server by default (no third party), and takes its answer', async () => {
    const fetch = vi.fn(async () => new Response('1;EG'));
    vi.stubGlobal('fetch', fetch);
    renderPhone({ autoLookup: true });
    await waitFor(() => expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('EG'));
    expect(fetch).toHaveBeenCalledWith('/api/v1/ip-country', expect.anything());
    expect(screen.getByText('+20')).toBeTruthy();
  });

  it('a late lookup answer does not override a country the user already picked', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    // Two inputs share the page's one lookup: the untouched one shows when the answer has landed.
    render(
      <I18nProvider i18n={makeI18n('en')}>
        <Harness lookupUrl="https://lookup.test/late" />
        <Harness lookupUrl="https://lookup.test/late" />
      </I18nProvider>,
    );
    const [picked, untouched] = screen.getAllByRole('combobox') as HTMLSelectElement[];
    await userEvent.selectOptions(picked!, 'KW');
    answer(new Response('1;SA;SAU;Saudi Arabia'));
    await waitFor(() => expect(untouched!.value).toBe('SA'));
    expect(picked!.value).toBe('KW');
  });
});
