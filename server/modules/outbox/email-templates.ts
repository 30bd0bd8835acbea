// The e-mail for a notification, in the recipient's language: a subject, a plain-text part and an HTML
// part that is right-to-left in Arabic and stays readable in dark mode (colours declared for both
// schemes; no text colour that depends on a white background). Like the in-app list, the template is
// chosen from the notification's type and parameters, never from a stored sentence.
import type { NotificationParams, NotificationType } from '../../../contract/notifications';
import { zonePlace } from '../../../contract/zone-names';
import type { Locale } from '../../i18n';

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
}

function when(iso: string | undefined, locale: Locale, timeZone: string): string {
  if (!iso) return '';
  const format = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  });
  return `${format.format(new Date(iso))} ${zoneTime(timeZone, locale)}`;
}

/** The zone as the app names it (src/domain/time.ts): "London time" / «بتوقيت لندن». */
export function zoneTime(timeZone: string, locale: Locale): string {
  const place = zonePlace(timeZone, locale);
  return locale === 'ar' ? `بتوقيت ${place}` : `${place} time`;
}

function words(input: EmailInput): Words {
  const { type, params: p, locale } = input;
  const ar = locale === 'ar';
  const subject = (ar ? p.subject_ar : p.subject_en) ?? p.subject_en ?? p.subject_ar ?? '';
  const at = when(p.starts_at, locale, input.timeZone);
  const other = p.other_name ?? '';
  const pkg = (ar ? p.package_name_ar : p.package_name_en) ?? '';
  const reason = p.reason ? [ar ? `السبب: ${p.reason}` : `Reason: ${p.reason}`] : [];
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
      return ar
        ? { subject: 'تم نقل طلب درس', lines: [`نقل ${other} طلب درس ${subject} إلى موعد جديد.`, at] }
        : { subject: 'A lesson request was moved', lines: [`${other} moved the ${subject} lesson request to a new time.`, at] };
    case 'session_reminder_soon':
      return ar
        ? { subject: 'يبدأ درسك بعد ١٥ دقيقة', lines: [`درس ${subject} مع ${other} يبدأ قريبًا.`, at] }
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
    case 'message_received':
      return ar
        ? { subject: `رسالة جديدة من ${other}`, lines: [`أرسل إليك ${other} رسالة على نور. افتح المحادثة لقراءتها والرد عليها.`] }
        : {
            subject: `A new message from ${other}`,
            lines: [`${other} sent you a message on Noor. Open the conversation to read it and reply.`],
          };
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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
    button: { label: ar ? 'افتح في نور' : 'Open in Noor', href: input.link },
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
