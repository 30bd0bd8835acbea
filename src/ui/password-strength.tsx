// The password rules (spec §5, §9: at least 8 characters, a lowercase and an uppercase letter, a digit)
// and a live strength meter (weak, medium, strong) showing which rules a password meets as it is typed.
//
// Strength is defined so the meter can never contradict the rules: "weak" is any password that breaks a
// rule (the form refuses it), "medium" meets every rule, "strong" meets every rule and is also long
// (12 or more) or holds a symbol.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';

export const PASSWORD_MIN_LENGTH = 8;
const STRONG_LENGTH = 12;

export type PasswordRule = 'length' | 'lower' | 'upper' | 'digit';
export type PasswordStrengthLevel = 'weak' | 'medium' | 'strong';

export const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'lower', 'upper', 'digit'];

export const passwordRuleTexts: Record<PasswordRule, MessageDescriptor> = {
  length: msg`At least 8 characters`,
  lower: msg`A lowercase letter (a–z)`,
  upper: msg`An uppercase letter (A–Z)`,
  digit: msg`A digit (0–9)`,
};

export const strengthTexts: Record<PasswordStrengthLevel, MessageDescriptor> = {
  weak: msg`Weak`,
  medium: msg`Medium`,
  strong: msg`Strong`,
};

/** Which rules a password meets. Letters are the Latin ones: Arabic has no letter case. */
export function passwordRules(password: string): Record<PasswordRule, boolean> {
  return {
    length: [...password].length >= PASSWORD_MIN_LENGTH,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
  };
}

/** The first rule a password breaks, or undefined when it meets them all. */
export function firstBrokenRule(password: string): PasswordRule | undefined {
  const met = passwordRules(password);
  return PASSWORD_RULES.find((rule) => !met[rule]);
}

/** null for an empty password: there is nothing to rate yet. */
export function passwordStrength(password: string): PasswordStrengthLevel | null {
  if (password === '') return null;
  if (firstBrokenRule(password)) return 'weak';
  const long = [...password].length >= STRONG_LENGTH;
  const symbol = /[^A-Za-z0-9]/.test(password);
  return long || symbol ? 'strong' : 'medium';
}

export interface PasswordStrengthProps {
  password: string;
  /** Referenced by the password field's aria-describedby so the rules are read with it. */
  id?: string;
}

export function PasswordStrength({ password, id }: PasswordStrengthProps) {
  const { _ } = useLingui();
  const level = passwordStrength(password);
  const met = passwordRules(password);
  return (
    <div className="password-strength" id={id} data-level={level ?? 'none'}>
      <div className="strength-bar" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p className="strength-label" aria-live="polite">
        {level ? (
          <Trans>
            Password strength: <strong>{_(strengthTexts[level])}</strong>
          </Trans>
        ) : (
          <Trans>Password strength</Trans>
        )}
      </p>
      <ul className="password-rules">
        {PASSWORD_RULES.map((rule) => (
          <li key={rule} data-met={met[rule]}>
            <span className="rule-mark" aria-hidden="true">
              {/* Drawn, not the ✓ character: some desktops' fonts lack it. */}
              {met[rule] ? (
                <svg
                  viewBox="0 0 24 24"
                  width="16"
                  height="16"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  focusable="false"
                >
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              ) : (
                '•'
              )}
            </span>
            {_(passwordRuleTexts[rule])}
            <span className="visually-hidden">{met[rule] ? <Trans>(met)</Trans> : <Trans>(not met yet)</Trans>}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
