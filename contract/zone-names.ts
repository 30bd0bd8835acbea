// Where a time zone is: the place that names it in each language, for every layer (the client's
// labels through src/domain/zone-name.ts, the server's e-mails). English takes the city or country
// of the IANA name itself ("London", "Qatar"); Arabic comes from the table below, since browsers ship
// no Arabic city names, and a zone outside it falls back to Intl's Arabic zone name without its
// leading «توقيت», so a label never reads «بتوقيت التوقيت …».
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

/** Intl's Arabic name of the zone at `at`, without a leading «توقيت» or «التوقيت». */
function intlArabicPlace(zone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('ar', { timeZone: zone, timeZoneName: 'long' }).formatToParts(at);
    const name = parts.find((p) => p.type === 'timeZoneName')?.value;
    return name ? name.replace(/^(ال)?توقيت\s+/u, '') : zone;
  } catch {
    return zone;
  }
}

/** The zone's place in the viewer's language: "London", "Qatar", «لندن», «قطر». */
export function zonePlace(zone: string, locale: string, at: string | Date = new Date()): string {
  if (locale.startsWith('ar')) return ARABIC_PLACES[zone] ?? intlArabicPlace(zone, new Date(at));
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}
