// The one place that names a time zone on screen, so every time on cards, the teacher page, the
// booking calendar, request cards, session details, notifications and receipts carries one wording
// per language: "8:00 PM London time" / «٨:٠٠ م بتوقيت لندن». The place comes from
// contract/zone-names.ts (shared with the server's e-mails, which use the same wording).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { zonePlace } from '../../contract/zone-names';

/** The zone as a time's label: "London time" / «بتوقيت لندن» — the one wording of a zone. */
export function zoneTime(i18n: I18n, zone: string, at: string | Date = new Date()): string {
  const place = zonePlace(zone, i18n.locale, at);
  return i18n._(msg`${place} time`);
}

/** A formatted time followed by its zone: "8:00 PM London time" / «٨:٠٠ م بتوقيت لندن». */
export function withZone(i18n: I18n, text: string, zone: string, at: string | Date = new Date()): string {
  return `${text} ${zoneTime(i18n, zone, at)}`;
}
