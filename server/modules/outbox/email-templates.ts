// The e-mail for a notification, in the recipient's language: a subject, a plain-text part and an HTML
// part that is right-to-left in Arabic and stays readable in dark mode (colours declared for both
// schemes; no text colour that depends on a white background). Like the in-app list, the template is
// chosen from the notification's type and parameters, never from a stored sentence.
import type { NotificationParams, NotificationType } from '../../../contract/notifications';
import type { Locale } from '../../i18n';
import { escapeHtml } from '../../http/html';
import { formatDate, formatInstant } from '../../lib/time';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailInput {
  type: NotificationType;
  params: NotificationParams;
  locale: Locale;
  timeZone: string;
  recipientName: string;
  /** The page the e-mail's button opens (absolute URL). */
  link: string;
  /** The one-click unsubscribe page of this kind of e-mail; absent on those that always go out. */
  unsubscribe?: string | undefined;
}

interface Words {
  subject: string;
  lines: string[];
  /** The button's label when "Open in Noor" would not say what to do there (answer a proposal). */
  button?: string;
}

function when(iso: string | undefined, locale: Locale, timeZone: string): string {
  return iso ? formatInstant(iso, locale, timeZone) : '';
}

function words(input: EmailInput): Words {
  const { type, params: p, locale } = input;
  const ar = locale === 'ar';
  const subject = (ar ? p.subject_ar : p.subject_en) ?? p.subject_en ?? p.subject_ar ?? '';
  const at = when(p.starts_at, locale, input.timeZone);
  const other = p.other_name ?? '';
  const pkg = (ar ? p.package_name_ar : p.package_name_en) ?? '';
  const reason = p.reason ? [ar ? `السبب: ${p.reason}` : `Reason: ${p.reason}`] : [];
  if (p.series && (type === 'request_offered' || type === 'request_canceled')) return seriesWords(input, other, subject);
  switch (type) {
    case 'request_offered':
      return ar
        ? { subject: 'طلب درس جديد', lines: [`لديك طلب درس ${subject} من ${other}.`, at] }
        : { subject: 'A new lesson request', lines: [`${other} asks you for a ${subject} lesson.`, at] };
    case 'request_approved':
      return ar
        ? { subject: 'تمت الموافقة على درسك', lines: [`وافق ${other} على درس ${subject}.`, at] }
        : { subject: 'Your lesson is confirmed', lines: [`${other} accepted your ${subject} lesson.`, at] };
    case 'request_rejected':
      return ar
        ? { subject: 'لم يتم قبول طلب الدرس', lines: [`اعتذر ${other} عن درس ${subject}.`, at, ...reason] }
        : { subject: 'Your lesson request was declined', lines: [`${other} declined your ${subject} lesson.`, at, ...reason] };
    case 'request_canceled':
      return ar
        ? { subject: 'تم إلغاء درس', lines: [`ألغى ${other} درس ${subject}.`, at] }
        : { subject: 'A lesson was cancelled', lines: [`${other} cancelled the ${subject} lesson.`, at] };
    case 'request_expired':
      return ar
        ? { subject: 'انتهت مهلة طلب الدرس', lines: [`لم يُرَد على طلب درس ${subject} في الوقت المحدد.`, at] }
        : { subject: 'A lesson request expired', lines: [`Your ${subject} lesson request was not answered in time.`, at] };
    case 'request_rescheduled':
      return rescheduledWords(input, other, subject, at);
    case 'session_reminder_soon':
      return ar
        ? { subject: 'يبدأ درسك بعد 15 دقيقة', lines: [`درس ${subject} مع ${other} يبدأ قريبًا.`, at] }
        : { subject: 'Your lesson starts in 15 minutes', lines: [`Your ${subject} lesson with ${other} starts soon.`, at] };
    case 'session_reminder_evening':
      return ar
        ? { subject: 'تذكير: لديك درس غدًا', lines: [`درس ${subject} مع ${other} غدًا.`, at] }
        : { subject: 'Reminder: you have a lesson tomorrow', lines: [`Your ${subject} lesson with ${other} is tomorrow.`, at] };
    case 'payment_completed':
      return ar
        ? { subject: `إيصال الدفع رقم ${p.order_id ?? ''}`, lines: [`تم الدفع بنجاح: ${pkg}، ${p.hours ?? ''} ساعات.`] }
        : { subject: `Payment receipt no. ${p.order_id ?? ''}`, lines: [`Payment received: ${pkg}, ${p.hours ?? ''} hours.`] };
    case 'payment_failed':
      return ar
        ? { subject: 'لم يتم الدفع', lines: [`لم تكتمل عملية الدفع للطلب رقم ${p.order_id ?? ''}.`] }
        : { subject: 'Your payment did not go through', lines: [`The payment for order no. ${p.order_id ?? ''} did not go through.`] };
    case 'payment_refunded':
      return ar
        ? {
            subject: `تم استرداد الطلب رقم ${p.order_id ?? ''}`,
            lines: [
              `استرددنا باقة ${pkg}: خرجت ساعاتها من رصيدك، ويعود المبلغ إلى وسيلة الدفع التي استخدمتها.`,
              'قد يستغرق ظهور المبلغ في حسابك بضعة أيام حسب البنك.',
            ],
          }
        : {
            subject: `Order no. ${p.order_id ?? ''} refunded`,
            lines: [
              `We refunded the ${pkg} package: its hours left your balance and the money goes back to how you paid.`,
              'Your bank may take a few days to show it.',
            ],
          };
    case 'teacher_approved':
      return ar
        ? { subject: 'تمت الموافقة على حسابك', lines: ['تمت مراجعة ملفك والموافقة عليه. أهلًا بك في نور.'] }
        : { subject: 'Your account is approved', lines: ['Your profile was reviewed and approved. Welcome to Noor.'] };
    case 'teacher_rejected':
      return ar
        ? { subject: 'نتيجة مراجعة حسابك', lines: ['لم تتم الموافقة على ملفك.', ...reason] }
        : { subject: 'The review of your account', lines: ['Your profile was not approved.', ...reason] };
    case 'teacher_suspended':
      return ar
        ? { subject: 'تم إيقاف حسابك', lines: ['تم إيقاف حسابك مؤقتًا.', ...reason] }
        : { subject: 'Your account is suspended', lines: ['Your account was suspended.', ...reason] };
    case 'lesson_report_written':
      return ar
        ? { subject: 'تقرير الحصة جاهز', lines: [`كتب ${other} تقرير درس ${subject}: ما تناولته الحصة والواجب.`, at] }
        : {
            subject: 'Your lesson report is ready',
            lines: [`${other} wrote the report of the ${subject} lesson: what was covered and the homework.`, at],
          };
    case 'session_finished':
      return ar
        ? { subject: 'انتهت الحصة: كيف كانت؟', lines: [`انتهت حصة ${subject} مع ${other}. قيّم الحصة ليعرف المعلم رأيك.`, at] }
        : {
            subject: 'Your lesson has finished: how was it?',
            lines: [`Your ${subject} lesson with ${other} has finished. Rate it so the teacher knows how it went.`, at],
          };
    case 'message_received':
      return ar
        ? { subject: `رسالة جديدة من ${other}`, lines: [`أرسل إليك ${other} رسالة على نور. افتح المحادثة لقراءتها والرد عليها.`] }
        : {
            subject: `A new message from ${other}`,
            lines: [`${other} sent you a message on Noor. Open the conversation to read it and reply.`],
          };
  }
}

/** Arabic counts of weekly lessons (six plural forms, never "4 حصة"). */
function arabicLessons(n: number): string {
  const rule = new Intl.PluralRules('ar').select(n);
  if (rule === 'one') return 'حصة أسبوعية واحدة';
  if (rule === 'two') return 'حصتان أسبوعيتان';
  return rule === 'few' ? `${n} حصص أسبوعية` : `${n} حصة أسبوعية`;
}

/**
 * A weekly series as a whole, booked or the rest of it cancelled: "4 weekly lessons, every Sunday at
 * 5:00 PM London time, from 4 January to 25 January", on the recipient's clock.
 */
function seriesWords(input: EmailInput, other: string, subject: string): Words {
  const { params: p, locale, timeZone } = input;
  const ar = locale === 'ar';
  const first = new Date(p.starts_at ?? Date.now());
  const last = new Date(p.series?.last_starts_at ?? first);
  const day = (d: Date) => formatDate(d, locale, timeZone, 'day');
  const weekday = formatDate(first, locale, timeZone, 'weekday');
  const time = formatInstant(first, locale, timeZone, 'time');
  const n = p.series?.lessons ?? 0;
  const lessons = ar ? arabicLessons(n) : `${n} weekly ${n === 1 ? 'lesson' : 'lessons'}`;
  const span = ar
    ? `${lessons}، كل يوم ${weekday} الساعة ${time}، من ${day(first)} إلى ${day(last)}.`
    : `${lessons}, every ${weekday} at ${time}, from ${day(first)} to ${day(last)}.`;
  if (input.type === 'request_canceled')
    return ar
      ? { subject: 'تم إلغاء بقية سلسلة حصص', lines: [`ألغى ${other} بقية سلسلة دروس ${subject}:`, span] }
      : { subject: 'The rest of a weekly series was cancelled', lines: [`${other} cancelled the rest of the ${subject} series:`, span] };
  return ar
    ? { subject: 'طلب حصص أسبوعية جديد', lines: [`لديك طلب حصص أسبوعية في ${subject} من ${other}:`, span] }
    : { subject: 'A new weekly lesson request', lines: [`${other} asks you for weekly ${subject} lessons:`, span] };
}

/**
 * A pending request moved at once ("moved"), or a step of a proposal to move an approved session: a
 * proposal with a button to answer it, its acceptance, its decline (the time stays), its lapse.
 */
function rescheduledWords(input: EmailInput, other: string, subject: string, at: string): Words {
  const ar = input.locale === 'ar';
  const proposed = when(input.params.proposed_starts_at, input.locale, input.timeZone);
  switch (input.params.proposal) {
    case 'proposed':
      return ar
        ? {
            subject: `يقترح ${other} موعدًا جديدًا لدرس`,
            lines: [
              `يقترح ${other} موعدًا جديدًا لدرس ${subject}: ${proposed}.`,
              `يبقى الدرس في موعده الحالي (${at}) حتى تقبل الموعد الجديد.`,
              'افتح تفاصيل الحصة لقبول الموعد الجديد أو رفضه.',
            ],
            button: 'قبول أو رفض',
          }
        : {
            subject: `${other} proposes a new time for a lesson`,
            lines: [
              `${other} proposes a new time for the ${subject} lesson: ${proposed}.`,
              `The lesson stays at its current time (${at}) until you accept.`,
              'Open the session details to accept or decline the new time.',
            ],
            button: 'Accept or decline',
          };
    case 'accepted':
      return ar
        ? { subject: `قبل ${other} الموعد الجديد`, lines: [`قبل ${other} الموعد الجديد لدرس ${subject}: ${proposed}.`] }
        : { subject: `${other} accepted the new time`, lines: [`${other} accepted the new time of the ${subject} lesson: ${proposed}.`] };
    case 'declined':
      return ar
        ? {
            subject: `أبقى ${other} الموعد الحالي`,
            lines: [`اعتذر ${other} عن الموعد المقترح (${proposed}) وأبقى درس ${subject} في موعده الحالي: ${at}.`],
          }
        : {
            subject: `${other} kept the current time`,
            lines: [`${other} declined the proposed time (${proposed}) and kept the ${subject} lesson at its current time: ${at}.`],
          };
    case 'lapsed':
      return ar
        ? {
            subject: 'انتهت مهلة اقتراح الموعد الجديد',
            lines: [`لم يُرَد في الوقت المحدد على اقتراح نقل درس ${subject} إلى ${proposed}، فيبقى الدرس في موعده: ${at}.`],
          }
        : {
            subject: 'The proposed new time lapsed',
            lines: [`The proposal to move the ${subject} lesson to ${proposed} was not answered in time. The lesson stays at ${at}.`],
          };
    case undefined:
      return ar
        ? { subject: 'تم نقل طلب درس', lines: [`نقل ${other} طلب درس ${subject} إلى موعد جديد.`, at] }
        : { subject: 'A lesson request was moved', lines: [`${other} moved the ${subject} lesson request to a new time.`, at] };
  }
}

/** The same words, short, for a push notification: its title and body (no greeting, no link). */
export function renderShort(input: Omit<EmailInput, 'link' | 'recipientName'>): { title: string; body: string } {
  const w = words({ ...input, link: '', recipientName: '' });
  return { title: w.subject, body: w.lines.filter((l) => l.trim() !== '').join('\n') };
}

export function renderEmail(input: EmailInput): EmailContent {
  const ar = input.locale === 'ar';
  const w = words(input);
  const stop = ar ? 'إيقاف رسائل البريد من هذا النوع' : 'Stop e-mails like this';
  return renderMail({
    locale: input.locale,
    subject: w.subject,
    greeting: ar ? `مرحبًا ${input.recipientName}،` : `Hello ${input.recipientName},`,
    lines: w.lines,
    button: { label: w.button ?? (ar ? 'افتح في نور' : 'Open in Noor'), href: input.link },
    footer: ar ? 'وصلتك هذه الرسالة لأنك مسجل في نور.' : 'You receive this because you have a Noor account.',
    ...(input.unsubscribe ? { footerLink: { label: stop, href: input.unsubscribe } } : {}),
  });
}

export interface MailParts {
  locale: Locale;
  subject: string;
  greeting: string;
  lines: string[];
  /** A line shown large and set apart (a code to type), left-to-right whatever the language. */
  code?: string;
  button: { label: string; href: string };
  footer: string;
  footerLink?: { label: string; href: string };
}

/** One layout for every e-mail: the plain-text part and the HTML (right-to-left in Arabic, dark mode). */
export function renderMail(m: MailParts): EmailContent {
  const ar = m.locale === 'ar';
  const lines = m.lines.filter((l) => l.trim() !== '');
  const text = [
    m.greeting,
    '',
    ...lines,
    ...(m.code ? ['', m.code] : []),
    '',
    `${m.button.label}: ${m.button.href}`,
    '',
    m.footer,
    ...(m.footerLink ? [`${m.footerLink.label}: ${m.footerLink.href}`] : []),
  ].join('\n');
  const dir = ar ? 'rtl' : 'ltr';
  const align = ar ? 'right' : 'left';
  const paragraphs = lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join('');
  const code = m.code
    ? `<p class="code" dir="ltr" style="margin:16px 0;font-size:28px;font-weight:700;letter-spacing:6px;text-align:center">${escapeHtml(m.code)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${m.locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(m.subject)}</title>
<style>
  body { margin:0; padding:24px; background:#f6f7f9; color:#1b1f24; font-family:Cairo,Tahoma,Arial,sans-serif; }
  .card { max-width:560px; margin:0 auto; padding:24px; background:#ffffff; border-radius:12px; }
  .button { display:inline-block; padding:12px 20px; border-radius:8px; background:#0b6e4f; color:#ffffff !important; text-decoration:none; }
  .muted { color:#5b6470; font-size:13px; }
  @media (prefers-color-scheme: dark) {
    body { background:#111418 !important; color:#e8eaed !important; }
    .card { background:#1c2128 !important; }
    .muted { color:#a9b1bb !important; }
  }
</style>
</head>
<body dir="${dir}" style="text-align:${align}">
<div class="card" dir="${dir}" style="text-align:${align}">
<p style="margin:0 0 16px">${escapeHtml(m.greeting)}</p>
${paragraphs}${code}
<p style="margin:24px 0"><a class="button" href="${escapeHtml(m.button.href)}">${escapeHtml(m.button.label)}</a></p>
<p class="muted">${escapeHtml(m.footer)}${m.footerLink ? ` <a href="${escapeHtml(m.footerLink.href)}">${escapeHtml(m.footerLink.label)}</a>` : ''}</p>
</div>
</body>
</html>`;
  return { subject: m.subject, text, html };
}
