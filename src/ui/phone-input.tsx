// The phone input (spec §5, §9): a country picker with flags and dial codes beside a tel field, validity
// per selected country, an optional restriction to some countries, and an automatic country lookup.
//
// libphonenumber-js is imported from 'libphonenumber-js/max' on purpose: the auth flows text a code to
// this number, and only the full metadata checks the digit patterns of a country's numbering plan (the
// 'min' build checks lengths alone, so "12345678" would pass as Qatari). The cost (about 40 KB gzip)
// lands only in the auth screens' chunks: nothing the shell, header, footer or src/app imports may
// import this file.
import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { ControlProps } from './field';
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/max';

export type { CountryCode };

/** The platform's home market; kept whenever the lookup is off, slow or fails. */
export const DEFAULT_COUNTRY: CountryCode = 'QA';
export const PHONE_MAX_LENGTH = 25;
/** The lookup never holds up the form for longer than this. */
export const LOOKUP_TIMEOUT_MS = 1500;

/**
 * The field's value. `e164` is the number in international form as far as it can be read ('' when it
 * cannot), `text` what the user typed (kept so a half-typed number is never reformatted under them
 * and so validation can say exactly what is wrong with it).
 */
export interface PhoneValue {
  country: CountryCode;
  text: string;
  e164: string;
}

export type PhoneErrorKey =
  'phone.required' | 'phone.not_a_number' | 'phone.too_short' | 'phone.too_long' | 'phone.invalid_country' | 'phone.invalid';

export const phoneErrorTexts: Record<PhoneErrorKey, MessageDescriptor> = {
  'phone.required': msg`This field is required`,
  'phone.not_a_number': msg`This is not a phone number`,
  'phone.too_short': msg`The phone number is too short`,
  'phone.too_long': msg`The phone number is too long`,
  'phone.invalid_country': msg`Phone numbers from this country are not accepted`,
  'phone.invalid': msg`Invalid phone number`,
};

export function emptyPhone(country: CountryCode = DEFAULT_COUNTRY): PhoneValue {
  return { country, text: '', e164: '' };
}

const typedInternationally = (text: string) => /^\s*(\+|00)/.test(text);

/**
 * Reads what was typed against the selected country. A number typed with its own dial code (+44…,
 * 0044…) moves the picker to that country, unless the input is restricted and that country is not
 * allowed (validation then says so).
 */
export function toPhoneValue(text: string, country: CountryCode, onlyCountries?: readonly CountryCode[]): PhoneValue {
  const normalised = text.trim().replace(/^00/, '+');
  const parsed = normalised === '' ? undefined : parsePhoneNumberFromString(normalised, country);
  let next = country;
  if (parsed?.country && typedInternationally(text) && (!onlyCountries || onlyCountries.includes(parsed.country))) {
    next = parsed.country;
  }
  return { country: next, text, e164: parsed?.number ?? '' };
}

const parseErrors: Record<string, PhoneErrorKey> = {
  NOT_A_NUMBER: 'phone.not_a_number',
  INVALID_COUNTRY: 'phone.invalid_country',
  TOO_SHORT: 'phone.too_short',
  TOO_LONG: 'phone.too_long',
};

/** Why a value is not an acceptable phone number for its country, or undefined when it is. */
export function validatePhone(
  value: PhoneValue,
  { onlyCountries, required = true }: { onlyCountries?: readonly CountryCode[]; required?: boolean } = {},
): PhoneErrorKey | undefined {
  const text = value.text.trim().replace(/^00/, '+');
  if (text === '') return required ? 'phone.required' : undefined;
  if (onlyCountries && !onlyCountries.includes(value.country)) return 'phone.invalid_country';
  let parsed;
  try {
    parsed = parsePhoneNumberWithError(text, value.country);
  } catch (error) {
    if (error instanceof ParseError) return parseErrors[error.message] ?? 'phone.invalid';
    throw error;
  }
  const length = validatePhoneNumberLength(text, value.country);
  if (length === 'TOO_SHORT') return 'phone.too_short';
  if (length === 'TOO_LONG') return 'phone.too_long';
  // A number written with another country's dial code than the one picked, or outside the allowed list.
  if (parsed.country !== value.country) return 'phone.invalid_country';
  if (!parsed.isValid()) return 'phone.invalid';
  return undefined;
}

/** ISO 3166-1 alpha-2 to its flag emoji (two regional indicator symbols). */
export function flagOf(country: string): string {
  return String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/**
 * The IP-to-country reply (spec §7, ip2c.org's plain-text format, e.g. "1;QA;QAT;Qatar"): it must start
 * with '1', and the characters at positions 2–3 (counting from 0) are the country code.
 */
export function parseCountryReply(reply: string): CountryCode | null {
  if (!reply.startsWith('1')) return null;
  const code = reply.slice(2, 4).toUpperCase();
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code) ? code : null;
}

export interface LookupOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/**
 * Asks the configured endpoint which country the visitor is in. Never throws: any failure (no answer
 * within the timeout, an HTTP error, a reply in another format) logs 'unable to fetch the country' and
 * gives null, so the caller keeps its default; an address without a country ("2;;;UNKNOWN") gives null
 * quietly.
 */
export async function lookupCountry(url: string, { fetch = globalThis.fetch, timeoutMs = LOOKUP_TIMEOUT_MS }: LookupOptions = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, { signal: controller.signal, headers: { Accept: 'text/plain' } });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const reply = await res.text();
    // "2;…": the service answered that the address has no country (ours says so for a loopback or
    // private address, as on a developer's machine). A real answer, not a failure: nothing to log.
    if (reply.startsWith('2;')) return null;
    const country = parseCountryReply(reply);
    if (!country) throw new Error('unexpected reply');
    return country;
  } catch (error) {
    console.error('unable to fetch the country', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

// Our own server answers by default (GET /api/v1/ip-country, a database that ships with the app); a
// build can point at an outside service instead, whose origin the server's CSP then allows.
const LOOKUP_URL: string = import.meta.env.VITE_IP_COUNTRY_URL || '/api/v1/ip-country';
// One lookup per endpoint and page load, shared by every phone input (sign-in and sign-up must not ask twice).
const lookups = new Map<string, Promise<CountryCode | null>>();
function lookupOnce(url: string): Promise<CountryCode | null> {
  let pending = lookups.get(url);
  if (!pending) {
    pending = lookupCountry(url);
    lookups.set(url, pending);
  }
  return pending;
}

interface CountryOption {
  code: CountryCode;
  name: string;
  dial: string;
}

function countryOptions(locale: string, only?: readonly CountryCode[]): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    // A runtime without region names still gets a usable (code-named) list.
  }
  const collator = new Intl.Collator(locale);
  return (only ?? getCountries())
    .filter((code) => isSupportedCountry(code))
    .map((code) => ({ code, name: names?.of(code) ?? code, dial: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The Field's control props (id, aria-describedby, aria-invalid, aria-required) go to the number field. */
export interface PhoneInputProps extends Partial<ControlProps> {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  /** Only these countries are offered, and a number from any other is invalid. */
  onlyCountries?: readonly CountryCode[];
  /** Look the country up from the visitor's IP (when an endpoint is configured). Default on (spec §9). */
  autoLookup?: boolean;
  /** The lookup endpoint; defaults to VITE_IP_COUNTRY_URL, else our own /api/v1/ip-country. */
  lookupUrl?: string;
  name?: string;
  disabled?: boolean;
  autoComplete?: string;
}

export function PhoneInput({
  value,
  onChange,
  onBlur,
  onlyCountries,
  autoLookup = true,
  lookupUrl = LOOKUP_URL,
  disabled,
  autoComplete = 'tel-national',
  ...control
}: PhoneInputProps) {
  const { t, i18n } = useLingui();
  const options = useMemo(() => countryOptions(i18n.locale, onlyCountries), [i18n.locale, onlyCountries]);
  const selected = options.find((o) => o.code === value.country);
  const wrapperRef = useRef<HTMLDivElement>(null);
  // Once the user picks a country or types, a late lookup answer must not move the picker under them.
  const [touched, setTouched] = useState(false);
  const latest = useRef({ value, onChange, touched });
  useEffect(() => {
    latest.current = { value, onChange, touched };
  });

  useEffect(() => {
    if (!autoLookup || !lookupUrl) return;
    let live = true;
    void lookupOnce(lookupUrl).then((country) => {
      const { value: now, onChange: emit, touched: userActed } = latest.current;
      if (!live || !country || userActed || now.text !== '' || country === now.country) return;
      if (onlyCountries && !onlyCountries.includes(country)) return;
      emit({ ...now, country });
    });
    return () => {
      live = false;
    };
  }, [autoLookup, lookupUrl, onlyCountries]);

  // Blur counts only when focus leaves the whole control (number field and picker together).
  const handleBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!wrapperRef.current?.contains(e.relatedTarget as Node | null)) onBlur?.();
  };

  return (
    <div className="phone-input" dir="ltr" ref={wrapperRef} onBlur={handleBlur} data-invalid={control['aria-invalid'] || undefined}>
      <div className="phone-country">
        <span className="phone-country-face" aria-hidden="true">
          <span className="phone-flag">{flagOf(value.country)}</span>
          <span className="phone-dial">{selected?.dial ?? `+${getCountryCallingCode(value.country)}`}</span>
          <span className="phone-caret">▾</span>
        </span>
        <select
          className="phone-country-select"
          aria-label={t`Country code`}
          value={value.country}
          disabled={disabled}
          onChange={(e) => {
            setTouched(true);
            const country = e.target.value as CountryCode;
            onChange(toPhoneValue(value.text, country, onlyCountries));
          }}
        >
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {`${flagOf(o.code)} ${o.name} ${o.dial}`}
            </option>
          ))}
        </select>
      </div>
      <input
        {...control}
        className="input phone-number"
        type="tel"
        inputMode="tel"
        maxLength={PHONE_MAX_LENGTH}
        placeholder={t`Enter a phone number`}
        autoComplete={autoComplete}
        disabled={disabled}
        value={value.text}
        onChange={(e) => {
          setTouched(true);
          onChange(toPhoneValue(e.target.value, value.country, onlyCountries));
        }}
      />
    </div>
  );
}
