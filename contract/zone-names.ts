// Where a time zone is: the place that names it in each language, for every layer (the client's
// labels through src/domain/time.ts, the server's e-mails and text messages). One name per zone and
// language whatever the date (no "summer" or "standard" in it). English takes the city or country of
// the IANA name itself ("London", "Qatar"), or Intl's generic name when that is an abbreviation
// ("EST5EDT" reads "Eastern", "Etc/GMT+3" reads "GMT-03:00"); Arabic comes from the table below, since
// browsers ship no Arabic city names, and a zone outside it falls back to Intl's generic Arabic name
// without its leading «توقيت», so a label never reads «بتوقيت التوقيت …». This module and nothing else
// asks Intl for a zone's name.
const ARABIC_PLACES: Readonly<Record<string, string>> = {
  'Asia/Qatar': 'قطر',
  'Asia/Riyadh': 'الرياض',
  'Asia/Dubai': 'دبي',
  'Asia/Kuwait': 'الكويت',
  'Asia/Bahrain': 'البحرين',
  'Asia/Muscat': 'مسقط',
  'Asia/Baghdad': 'بغداد',
  'Asia/Amman': 'عمّان',
  'Asia/Beirut': 'بيروت',
  'Asia/Damascus': 'دمشق',
  'Asia/Aden': 'عدن',
  'Asia/Jerusalem': 'القدس',
  'Asia/Gaza': 'غزة',
  'Asia/Hebron': 'الخليل',
  'Asia/Tehran': 'طهران',
  'Asia/Karachi': 'كراتشي',
  'Asia/Kolkata': 'الهند',
  'Asia/Calcutta': 'الهند',
  'Asia/Dhaka': 'دكا',
  'Asia/Kabul': 'كابول',
  'Asia/Jakarta': 'جاكرتا',
  'Asia/Kuala_Lumpur': 'كوالالمبور',
  'Asia/Manila': 'مانيلا',
  'Asia/Singapore': 'سنغافورة',
  'Asia/Tokyo': 'طوكيو',
  'Asia/Shanghai': 'الصين',
  'Africa/Cairo': 'القاهرة',
  'Africa/Khartoum': 'الخرطوم',
  'Africa/Tripoli': 'طرابلس',
  'Africa/Tunis': 'تونس',
  'Africa/Algiers': 'الجزائر',
  'Africa/Casablanca': 'الدار البيضاء',
  'Africa/Nouakchott': 'نواكشوط',
  'Africa/Mogadishu': 'مقديشو',
  'Africa/Djibouti': 'جيبوتي',
  'Indian/Comoro': 'جزر القمر',
  'Africa/Nairobi': 'نيروبي',
  'Africa/Lagos': 'لاغوس',
  'Africa/Johannesburg': 'جوهانسبرغ',
  'Europe/London': 'لندن',
  'Europe/Dublin': 'دبلن',
  'Europe/Paris': 'باريس',
  'Europe/Berlin': 'برلين',
  'Europe/Madrid': 'مدريد',
  'Europe/Rome': 'روما',
  'Europe/Amsterdam': 'أمستردام',
  'Europe/Brussels': 'بروكسل',
  'Europe/Vienna': 'فيينا',
  'Europe/Stockholm': 'ستوكهولم',
  'Europe/Athens': 'أثينا',
  'Europe/Istanbul': 'إسطنبول',
  'Europe/Moscow': 'موسكو',
  'America/New_York': 'نيويورك',
  'America/Chicago': 'شيكاغو',
  'America/Denver': 'دنفر',
  'America/Los_Angeles': 'لوس أنجلوس',
  'America/Toronto': 'تورنتو',
  'Australia/Sydney': 'سيدني',
  // Greenwich is how Arabic names universal time («بتوقيت غرينتش»); never a Latin word on an Arabic page.
  UTC: 'غرينتش',
  'Etc/UTC': 'غرينتش',
  'Etc/GMT': 'غرينتش',
  GMT: 'غرينتش',
};

const generic = new Map<string, string>();

/** Intl's name of the zone in `locale` ('longGeneric': the same in winter and summer, kept once read), or ''. */
function intlName(zone: string, locale: string, style: 'longGeneric' | 'shortOffset'): string {
  const key = `${zone} ${locale}`;
  if (style === 'longGeneric' && generic.has(key)) return generic.get(key) ?? '';
  const name = readIntlName(zone, locale, style);
  if (style === 'longGeneric') generic.set(key, name);
  return name;
}

function readIntlName(zone: string, locale: string, style: 'longGeneric' | 'shortOffset'): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** The last part of an IANA name when it is a place ("New_York" → "New York"), not an abbreviation. */
function ianaPlace(zone: string): string | null {
  const last = zone.split('/').pop() ?? zone;
  if (/^(UTC|GMT)$/.test(last)) return last;
  if (zone.startsWith('Etc/') || !/[a-z]/.test(last)) return null;
  return last.replace(/_/g, ' ');
}

/** The zone's place in the viewer's language: "London", "Qatar", «لندن», «قطر». */
export function zonePlace(zone: string, locale: string): string {
  if (locale.startsWith('ar')) return ARABIC_PLACES[zone] ?? (intlName(zone, 'ar', 'longGeneric').replace(/^(ال)?توقيت\s+/u, '') || zone);
  return ianaPlace(zone) ?? (intlName(zone, 'en', 'longGeneric').replace(/\s+(Standard\s+)?Time$/, '') || zone);
}

/** The zone's offset from universal time now, as the locale writes it: "GMT+3", «غرينتش+٣». */
export function zoneOffset(zone: string, locale: string): string {
  return intlName(zone, locale, 'shortOffset');
}
