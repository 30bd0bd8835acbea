// The server's own message table (ar, en): API messages and validation texts, chosen by Accept-Language.
// The client localizes its UI with Lingui; whatever the server says arrives already translated.
import { REFUND_WINDOW_DAYS } from '../contract/packages';
import type { AuthValidationKey } from '../contract/auth';
import type { ProfileValidationKey } from '../contract/profile';
import type { MessageValidationKey } from '../contract/messages';
import type { ReportValidationKey } from '../contract/reports';
import type { SeriesValidationKey } from '../contract/series';
import type { RequestErrorCode } from '../contract/requests';
import type { TimeOffValidationKey } from '../contract/time-off';
import type { ValidationKey } from '../contract/validation';

export type Locale = 'ar' | 'en';
export const DEFAULT_LOCALE: Locale = 'ar';
const SUPPORTED: readonly Locale[] = ['ar', 'en'];

/** Picks the best supported locale from an Accept-Language header (q-values honoured); Arabic by default. */
export function pickLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return (ranked.find((r) => (SUPPORTED as readonly string[]).includes(r.lang))?.lang as Locale | undefined) ?? DEFAULT_LOCALE;
}

type Table = Record<string, { ar: string; en: string }>;

// Validation texts follow the spec's wording (§5) where it gives one.
const validation: Record<
  | ValidationKey
  | AuthValidationKey
  | ProfileValidationKey
  | RequestErrorCode
  | ReportValidationKey
  | MessageValidationKey
  | TimeOffValidationKey
  | SeriesValidationKey,
  { ar: string; en: string }
> = {
  ayah_range: {
    ar: 'الآيات خارج السورة: اختر من آية إلى آية ضمن عدد آياتها',
    en: 'These verses are not in the surah: choose a range within its verses',
  },
  message_body: { ar: 'اكتب رسالة من حرف واحد إلى 1000 حرف', en: 'Write a message of 1 to 1000 characters' },
  required: { ar: 'هذا الحقل مطلوب', en: 'This field is required' },
  invalid: { ar: 'القيمة المدخلة غير صالحة', en: 'This value is not valid' },
  invalid_email: { ar: 'صيغة البريد الإلكتروني غير صحيحة', en: 'Invalid email format' },
  invalid_phone: { ar: 'صيغة رقم الهاتف غير صحيحة', en: 'Invalid phone number format' },
  message_length: {
    ar: 'يجب أن تكون الرسالة أكثر من 10 أحرف وأقل من 400 حرف',
    en: 'The message must be more than 10 and less than 400 characters',
  },
  too_long: { ar: 'النص المدخل أطول من المسموح', en: 'This text is too long' },
  // Sign-up, sign-in and profile fields.
  english_name: { ar: 'لا يُسمح بكتابة الاسم بالإنجليزية', en: 'English name not allowed' },
  arabic_only: { ar: 'يرجى كتابة الاسم بالحروف العربية فقط', en: 'Please write the name in Arabic letters only' },
  password_length: { ar: 'يجب ألا تقل كلمة المرور عن 8 أحرف', en: 'The password must be at least 8 characters long' },
  password_lower: { ar: 'يجب أن تحتوي كلمة المرور على حرف إنجليزي صغير', en: 'The password must contain a lowercase letter' },
  password_upper: { ar: 'يجب أن تحتوي كلمة المرور على حرف إنجليزي كبير', en: 'The password must contain an uppercase letter' },
  password_digit: { ar: 'يجب أن تحتوي كلمة المرور على رقم', en: 'The password must contain a digit' },
  password_mismatch: { ar: 'تأكيد كلمة المرور غير مطابق', en: 'The password confirmation does not match' },
  code_format: { ar: 'رمز التحقق مكوّن من 6 أرقام', en: 'The verification code has 6 digits' },
  date_past: { ar: 'يرجى إدخال تاريخ سابق لليوم', en: 'Please enter a date in the past' },
  experience_range: { ar: 'يجب أن تكون سنوات الخبرة بين 0 و80', en: 'Years of experience must be between 0 and 80' },
  file_type: {
    ar: 'يُقبل فقط ملف صورة (JPEG أو PNG أو WebP) أو ملف PDF',
    en: 'Only an image (JPEG, PNG or WebP) or a PDF file is accepted',
  },
  photo_type: { ar: 'تُقبل الصور فقط: JPEG أو PNG أو WebP', en: 'Only a JPEG, PNG or WebP image is accepted' },
  file_too_large: { ar: 'يجب ألا يزيد حجم الملف على 5 ميجابايت', en: 'The file must not be larger than 5 MB' },
  image_too_large: {
    ar: 'أبعاد الصورة كبيرة جداً؛ يرجى رفع صورة لا يزيد عرضها أو طولها على 10000 بكسل',
    en: 'The image is too large; please upload one at most 10,000 pixels wide and high',
  },
  pdf_active_content: {
    ar: 'يحتوي ملف PDF على برمجيات أو مرفقات نشطة؛ يرجى رفع نسخة ممسوحة عادية من المستند',
    en: 'This PDF contains scripts or embedded content; please upload a plain scanned copy of the document',
  },
  email_taken: { ar: 'هذا البريد الإلكتروني مسجّل لحساب آخر', en: 'This email address already belongs to another account' },
  choose_one: { ar: 'يرجى اختيار عنصر واحد على الأقل', en: 'Please choose at least one' },
  latin_only: {
    ar: 'اكتب الاسم بالحروف اللاتينية (A–Z) فقط، ويمكن استخدام المسافة والشرطة والفاصلة العليا',
    en: 'Write the name in Latin letters (A–Z) only; spaces, hyphens and apostrophes are allowed',
  },
  latin_name_length: {
    ar: 'يجب أن يكون الاسم باللاتينية من 2 إلى 60 حرفاً',
    en: 'The name in Latin letters must be 2 to 60 characters long',
  },
  // The profile screen.
  time_order: { ar: 'يجب أن يكون وقت النهاية بعد وقت البداية', en: 'The end time must be after the start time' },
  ranges_overlap: { ar: 'هذه الفترة تتداخل مع فترة أخرى في اليوم نفسه', en: 'This range overlaps another range on the same day' },
  // A teacher's time off.
  time_off_order: { ar: 'يجب أن يكون اليوم الأخير في يوم البداية أو بعده', en: 'The last day must be on or after the first day' },
  time_off_past: { ar: 'هذه الأيام مضت، اختر أياماً من اليوم فصاعداً', en: 'These days are over; choose days from today on' },
  time_off_too_long: { ar: 'يمكن أن تمتد الإجازة 92 يوماً على الأكثر في المرة الواحدة', en: 'Time off can cover at most 92 days at a time' },
  // A weekly series.
  series_schedule_only: { ar: 'يتكرر الحجز أسبوعياً للحصص المجدولة فقط', en: 'Only a scheduled session can repeat every week' },
  series_no_broadcast: {
    ar: 'الطلب المرسل إلى عدة معلمين لا يتكرر أسبوعياً، اختر معلماً واحداً',
    en: 'A request sent to several teachers does not repeat; choose one teacher',
  },
  series_weeks_range: { ar: 'اختر من أسبوعين إلى 12 أسبوعاً', en: 'Choose from 2 to 12 weeks' },
  series_week_unknown: { ar: 'هذه الأسابيع ليست من السلسلة', en: 'These weeks are not part of the series' },
  too_many_ranges: { ar: 'يمكن إضافة أربع فترات على الأكثر في اليوم الواحد', en: 'A day can hold at most four ranges' },
  phone_read_only: {
    ar: 'لا يمكن تغيير رقم الهاتف من الملف الشخصي، يرجى التواصل معنا لتغييره',
    en: 'The phone number cannot be changed from the profile. Please contact us to change it',
  },
  teacher_only: { ar: 'هذا الحقل خاص بحسابات المعلمين', en: 'This field is for teacher accounts only' },
  not_editable: { ar: 'لا يمكن تعديل هذا الحقل من الملف الشخصي', en: 'This field cannot be changed from the profile' },
  // Booking and requests: field errors and the `code` of refusals.
  schedule_too_soon: {
    ar: 'يجب أن يكون موعد الحصة بعد ساعة واحدة على الأقل من الآن',
    en: 'The session time must be at least one hour from now',
  },
  schedule_too_far: {
    ar: 'يمكن حجز الحصص حتى 90 يومًا من اليوم فقط، اختر موعدًا أقرب',
    en: 'Sessions can be booked up to 90 days ahead. Please choose an earlier time',
  },
  outside_working_hours: {
    ar: 'هذا الموعد خارج ساعات عمل المعلم، يرجى اختيار وقت آخر',
    en: "This time is outside the teacher's working hours. Please choose another time",
  },
  teacher_busy: {
    ar: 'لدى المعلم حصة أخرى في هذا الوقت، يرجى اختيار وقت آخر',
    en: 'The teacher has another session at this time. Please choose another time',
  },
  slot_taken: {
    ar: 'حجز طالب آخر هذا الموعد قبل لحظات، يرجى اختيار وقت آخر',
    en: 'Someone has just booked this time. Please choose another time',
  },
  time_zone_invalid: { ar: 'يرجى اختيار منطقة زمنية صحيحة', en: 'Please choose a valid time zone' },
  subject_not_taught: { ar: 'هذا المعلم لا يدرّس المادة المختارة', en: 'This teacher does not teach the chosen subject' },
  duration_range: { ar: 'يجب أن تكون مدة الحصة من ساعة إلى 6 ساعات', en: 'The session must last from 1 to 6 hours' },
  insufficient_hours: {
    ar: 'رصيد ساعاتك لا يكفي لهذه الحصة، يرجى شراء باقة ساعات',
    en: "You don't have enough hours for this session. Please buy a package of hours",
  },
  teacher_unavailable: { ar: 'هذا المعلم غير متاح للحجز حالياً', en: 'This teacher cannot be booked at the moment' },
  request_not_allowed: {
    ar: 'لا يمكن تنفيذ هذا الإجراء على الطلب في حالته الحالية',
    en: 'This cannot be done with the request in its current status',
  },
  already_rated: { ar: 'لقد قيّمت هذه الحصة من قبل', en: 'You have already rated this session' },
  cancel_reason_required: {
    ar: 'يرجى ذكر سبب الإلغاء، فالعائلة ستقرؤه',
    en: 'Please say why you are cancelling: the family will read it',
  },
  reschedule_proposal_open: {
    ar: 'هناك اقتراح موعد جديد لهذه الحصة بانتظار الرد',
    en: 'A new time for this session is already waiting for an answer',
  },
  reschedule_proposal_closed: {
    ar: 'لم يعد اقتراح الموعد الجديد قائمًا، وبقيت الحصة في موعدها',
    en: 'The proposed time is no longer open; the session keeps its time',
  },
  // Families: which child a lesson is for.
  child_required: { ar: 'اختر الطفل الذي تُحجز له الحصة', en: 'Choose the child this session is for' },
  child_archived: {
    ar: 'هذا الطفل مؤرشف، فلا يمكن حجز حصص جديدة له',
    en: 'This child is archived, so new sessions cannot be booked for them',
  },
  child_not_found: { ar: 'لم نجد هذا الطفل في حساب عائلتك', en: "We could not find this child in your family's account" },
};

const messages = {
  ok: { ar: 'تم بنجاح', en: 'Done' },
  validation_failed: { ar: 'البيانات المدخلة غير صحيحة', en: 'The data you entered is not valid' },
  malformed_json: { ar: 'تعذّرت قراءة البيانات المرسلة', en: 'The request body could not be read' },
  not_found: { ar: 'المورد المطلوب غير موجود', en: 'The requested resource was not found' },
  method_not_allowed: { ar: 'هذه العملية غير مسموح بها', en: 'This method is not allowed' },
  payload_too_large: { ar: 'حجم البيانات المرسلة أكبر من المسموح', en: 'The request is too large' },
  server_error: {
    ar: 'حدث خطأ غير متوقع في الخادم، يرجى المحاولة لاحقاً',
    en: 'Something went wrong on our side, please try again later',
  },
  health_ok: { ar: 'الخدمة تعمل', en: 'The service is running' },
  // Authentication and the profile.
  auth_registered_student: {
    ar: 'تم إنشاء الحساب، وأرسلنا رمز التحقق إلى رقم هاتفك',
    en: 'Your account was created. We sent a verification code to your phone',
  },
  auth_registered_instructor: {
    ar: 'تم إنشاء حسابك بنجاح، وهو الآن قيد المراجعة',
    en: 'Your account was created and is now under review',
  },
  auth_phone_taken: { ar: 'رقم الهاتف هذا مسجّل بالفعل', en: 'This phone number is already registered' },
  auth_code_sent: {
    ar: 'إذا كان هذا الرقم مسجّلاً لدينا فستصله رسالة برمز التحقق خلال لحظات',
    en: 'If this number has an account, a verification code is on its way',
  },
  // Phone-first sign-in texts every number that is not a teacher's, so the answer need not hedge.
  auth_login_code_sent: {
    ar: 'أرسلنا رمز التحقق إلى رقمك، وسيصلك خلال لحظات',
    en: 'A verification code is on its way to your phone',
  },
  auth_signed_in: { ar: 'تم تسجيل الدخول بنجاح', en: 'You are signed in' },
  otp_wrong: { ar: 'رمز التحقق غير صحيح', en: 'The verification code is not correct' },
  otp_expired: { ar: 'انتهت صلاحية رمز التحقق، يرجى طلب رمز جديد', en: 'The verification code has expired. Please ask for a new one' },
  otp_too_many_attempts: {
    ar: 'تجاوزت عدد المحاولات المسموح بها، يرجى طلب رمز جديد',
    en: 'Too many wrong attempts. Please ask for a new code',
  },
  auth_rate_limited: {
    ar: 'محاولات كثيرة في وقت قصير، يرجى الانتظار قليلاً ثم المحاولة مجدداً',
    en: 'Too many attempts in a short time. Please wait a little and try again',
  },
  // Abuse limits.
  auth_account_locked: {
    ar: 'أُوقف الدخول إلى هذا الحساب مؤقتاً بسبب محاولات خاطئة متكررة. حاول لاحقاً، أو اختر «نسيت كلمة المرور» لتعيين كلمة جديدة برمز يصل إلى هاتفك',
    en: 'Signing in to this account is paused for a while after repeated wrong passwords. Try again later, or choose "Forgot password" to set a new one with a code sent to your phone',
  },
  auth_busy: { ar: 'الخدمة مشغولة الآن، يرجى المحاولة بعد لحظات', en: 'We are busy right now. Please try again in a moment' },
  sms_budget_reached: {
    ar: 'لا يمكننا إرسال رموز التحقق الآن بسبب ضغط كبير، يرجى المحاولة بعد قليل',
    en: 'We cannot send verification codes right now because of high demand. Please try again a little later',
  },
  auth_invalid_credentials: {
    ar: 'بيانات الدخول غير صحيحة، يرجى التحقق من رقم الهاتف أو البريد الإلكتروني وكلمة المرور',
    en: 'The sign-in details are not correct. Please check the phone number or email and the password',
  },
  auth_password_reset: {
    ar: 'تم تغيير كلمة المرور، يرجى تسجيل الدخول بكلمة المرور الجديدة',
    en: 'Your password was changed. Please sign in with the new password',
  },
  auth_logged_out: { ar: 'تم تسجيل الخروج', en: 'You are signed out' },
  auth_unauthorized: { ar: 'انتهت جلستك، يرجى تسجيل الدخول مجدداً', en: 'Your session has ended. Please sign in again' },
  // A suspended teacher: signed out everywhere at the suspension, refused at sign-in until reinstated.
  teacher_suspended: {
    ar: 'حسابك كمعلّم موقوف، لذلك لا يمكنك تسجيل الدخول. راسلنا من صفحة «اتصل بنا» إن كان لديك سؤال.',
    en: 'Your teacher account is suspended, so you cannot sign in. Write to us from the Contact us page if you have a question.',
  },
  teacher_suspended_reason: { ar: 'سبب الإيقاف:', en: 'Reason for the suspension:' },
  profile_updated: { ar: 'تم حفظ بياناتك', en: 'Your details were saved' },
  profile_students_only: {
    ar: 'إكمال التسجيل بهذه البيانات متاح لحسابات الطلاب فقط',
    en: 'Completing the registration this way is for student accounts only',
  },
  file_forbidden: { ar: 'لا تملك صلاحية فتح هذا الملف', en: 'You are not allowed to open this file' },
  file_not_found: { ar: 'الملف غير موجود', en: 'This file was not found' },
  sms_otp: {
    ar: 'رمز التحقق الخاص بك في نور هو {code}، صالح لمدة 5 دقائق. لا تشاركه مع أحد.',
    en: 'Your Noor verification code is {code}. It is valid for 5 minutes. Do not share it with anyone.',
  },
  sms_reset: {
    ar: 'رمز استعادة كلمة المرور في نور هو {code}، صالح لمدة 5 دقائق. لا تشاركه مع أحد.',
    en: 'Your Noor password reset code is {code}. It is valid for 5 minutes. Do not share it with anyone.',
  },
  // Lesson reminders by SMS (outbox/sms.ts): short, one segment where the script allows.
  sms_reminder_soon: {
    ar: 'نور: يبدأ درس {subject} مع {other} الساعة {time}. ادخل الحصة من التطبيق.',
    en: 'Noor: your {subject} lesson with {other} starts at {time}. Join from the app.',
  },
  sms_reminder_evening: {
    ar: 'نور: تذكير بدرس {subject} مع {other} غدًا الساعة {time}.',
    en: 'Noor: reminder of your {subject} lesson with {other} tomorrow at {time}.',
  },
  realtime_sign_in: { ar: 'يرجى تسجيل الدخول لمتابعة التحديثات المباشرة', en: 'Please sign in to receive live updates' },
  realtime_forbidden: { ar: 'لا تملك صلاحية متابعة هذه التحديثات', en: 'You are not allowed to follow these updates' },
  contact_received: {
    ar: 'شكراً لتواصلك معنا، وصلتنا رسالتك وسنرد عليك قريباً',
    en: 'Thank you for contacting us. We received your message and will reply soon',
  },
  newsletter_subscribed: {
    ar: 'تم اشتراكك في النشرة البريدية بنجاح، شكراً لك',
    en: 'You have subscribed to our newsletter. Thank you',
  },
  newsletter_already: {
    ar: 'أنت مشترك بالفعل في نشرتنا البريدية، شكراً لاهتمامك',
    en: 'You are already subscribed to our newsletter. Thank you for your interest',
  },
  // Packages, promo codes, orders and payments.
  packages_sign_in: { ar: 'يرجى تسجيل الدخول أولاً', en: 'Please sign in first' },
  packages_students_only: { ar: 'الباقات متاحة لحسابات الطلاب فقط', en: 'Packages are available to student accounts only' },
  package_not_found: { ar: 'الباقة المطلوبة غير متوفرة', en: 'This package is not available' },
  promo_applied: { ar: 'تم تطبيق رمز الخصم', en: 'The promo code was applied' },
  promo_invalid: { ar: 'رمز الخصم غير صحيح', en: 'This promo code is not valid' },
  promo_expired: { ar: 'انتهت صلاحية رمز الخصم', en: 'This promo code has expired' },
  promo_used_up: { ar: 'تم استخدام رمز الخصم بالحد الأقصى المسموح', en: 'This promo code has already been used up' },
  promo_not_applicable: {
    ar: 'رمز الخصم لا ينطبق على هذه الباقة',
    en: 'This promo code does not apply to this package',
  },
  order_created: { ar: 'تم إنشاء الطلب، يتم تحويلك إلى صفحة الدفع', en: 'Your order was created. Taking you to the payment page' },
  order_not_found: { ar: 'الطلب غير موجود', en: 'This order was not found' },
  orders_too_many_open: {
    ar: 'لديك خمس عمليات دفع لم تكتمل بعد. أكمل إحداها أو انتظر نصف ساعة حتى تنتهي ثم حاول مجددًا',
    en: 'You have five payments that are not finished yet. Complete one, or wait half an hour for them to lapse, then try again',
  },
  receipt_not_found: { ar: 'لا يوجد إيصال لهذا الطلب', en: 'There is no receipt for this order' },
  checkout_unavailable: {
    ar: 'تعذّر فتح صفحة الدفع حالياً، يرجى المحاولة لاحقاً',
    en: 'The payment page could not be opened right now. Please try again later',
  },
  payment_recorded: { ar: 'تم تسجيل نتيجة الدفع', en: 'The payment result was recorded' },
  payment_signature_invalid: { ar: 'تأكيد الدفع غير موثوق', en: 'The payment confirmation could not be verified' },
  payment_amount_mismatch: {
    ar: 'المبلغ المدفوع لا يطابق قيمة الطلب',
    en: 'The amount paid does not match the order',
  },
  payment_not_allowed: {
    ar: 'لا يمكن تطبيق نتيجة الدفع هذه على الطلب في حالته الحالية',
    en: 'This payment result cannot be applied to the order in its current state',
  },
  refund_done: {
    ar: 'تم استرداد الباقة: أُزيلت ساعاتها من رصيدك ويُعاد المبلغ إلى وسيلة الدفع نفسها',
    en: 'The package was refunded: its hours left your balance and the amount goes back to the same means of payment',
  },
  refund_too_late: {
    ar: `انتهت مهلة الاسترداد: يمكن استرداد الباقة خلال ${REFUND_WINDOW_DAYS} يوماً من الدفع فقط`,
    en: `The refund period is over: a package can be refunded only within ${REFUND_WINDOW_DAYS} days of paying`,
  },
  refund_hours_used: {
    ar: 'لا يمكن استرداد باقة استُخدم جزء من ساعاتها، وتبقى ساعاتها المتبقية صالحة حتى انتهائها',
    en: 'A package whose hours were partly used cannot be refunded; its remaining hours stay valid until they expire',
  },
  refund_not_paid: { ar: 'لا يمكن استرداد طلب لم يُدفع', en: 'An order that was not paid cannot be refunded' },
  refund_already_refunded: { ar: 'تم استرداد هذا الطلب من قبل', en: 'This order was already refunded' },
  refund_unavailable: {
    ar: 'تعذّر إتمام الاسترداد لدى بوابة الدفع، لم يتغير شيء. يرجى المحاولة لاحقاً',
    en: 'The payment gateway could not make the refund; nothing changed. Please try again later',
  },
  // Teacher review.
  instructor_status_updated: {
    ar: 'تم قبول الشروط والأحكام، أهلاً بك معلماً في نور',
    en: 'You accepted the terms. Welcome to Noor as a teacher',
  },
  instructor_only: { ar: 'هذه الخدمة متاحة لحسابات المعلمين فقط', en: 'This is available to teacher accounts only' },
  teacher_status_conflict: {
    ar: 'لا يمكن تنفيذ هذا الإجراء في حالة حسابك الحالية',
    en: 'This cannot be done while your account is in its current status',
  },
  documents_submitted: {
    ar: 'وصلتنا مستنداتك، وسيُراجَع حسابك من جديد خلال يوم إلى يومي عمل',
    en: 'We received your documents. Your account will be reviewed again within 1–2 working days',
  },
  documents_required: { ar: 'يرجى إرفاق مستند واحد على الأقل', en: 'Please attach at least one document' },
  review_done: { ar: 'تم تحديث حالة المعلم', en: "The teacher's status was updated" },
  review_refused: {
    ar: 'لا يمكن تنفيذ هذا الإجراء على المعلم في حالته الحالية',
    en: "This action is not possible in the teacher's current status",
  },
  review_reason_required: { ar: 'يرجى كتابة سبب الرفض', en: 'Please give the reason for the rejection' },
  teacher_not_found: { ar: 'لا يوجد معلم بهذا الرقم', en: 'There is no teacher with this phone number' },
  admin_unauthorized: { ar: 'يرجى تسجيل الدخول بحساب فريق العمل', en: 'Please sign in with a staff account' },
  admin_forbidden: { ar: 'دورك لا يسمح بهذا الإجراء', en: 'Your role does not allow this action' },
  staff_invalid_sign_in: {
    ar: 'البريد الإلكتروني أو كلمة المرور أو رمز التحقق غير صحيح',
    en: 'The e-mail, password or verification code is not correct',
  },
  staff_code_required: { ar: 'أدخل رمز التحقق من تطبيق المصادقة', en: 'Enter the code from your authenticator app' },
  staff_created: { ar: 'تمت إضافة عضو فريق العمل', en: 'The staff member was added' },
  staff_exists: { ar: 'يوجد عضو في فريق العمل بهذا البريد الإلكتروني', en: 'A staff member with this e-mail already exists' },
  staff_not_found: { ar: 'لا يوجد عضو في فريق العمل بهذا المعرف', en: 'There is no staff member with this id' },
  family_not_found: { ar: 'لا توجد عائلة بهذا الرقم', en: 'There is no family with this phone number' },
  hours_not_enough: { ar: 'رصيد الساعات لا يكفي لهذا الخصم', en: 'The hours balance does not cover this debit' },
  promo_exists: { ar: 'يوجد رمز خصم بهذا الاسم', en: 'A promo code with this name already exists' },
  promo_not_found: { ar: 'لم نجد رمز الخصم هذا', en: 'We could not find this promo code' },
  staff_disable_self: { ar: 'لا يمكنك تعطيل حسابك بنفسك', en: 'You cannot disable your own account' },
  teacher_status_in_review: { ar: 'قيد المراجعة', en: 'in review' },
  teacher_status_policy: { ar: 'بانتظار قبول الشروط', en: 'waiting to accept the terms' },
  teacher_status_active: { ar: 'نشط', en: 'active' },
  teacher_status_rejected: { ar: 'مرفوض', en: 'rejected' },
  teacher_status_suspended: { ar: 'موقوف', en: 'suspended' },
  admin_loopback_only: {
    ar: 'واجهة المراجعة متاحة من جهاز الخادم فقط',
    en: 'The review API is available from the server machine only',
  },
  // Teachers, booking and requests.
  teachers_none_by_name: { ar: 'لا يوجد معلم بهذا الاسم', en: 'No teacher found with this name' },
  teacher_profile_not_found: { ar: 'لم نجد هذا المعلم', en: 'We could not find this teacher' },
  request_not_found: { ar: 'لم نجد هذا الطلب', en: 'We could not find this request' },
  // A family's children.
  children_families_only: { ar: 'قائمة الأطفال متاحة لحسابات العائلات فقط', en: 'Only family accounts have children' },
  children_limit: { ar: 'يمكن أن يضم حساب العائلة 8 أطفال على الأكثر', en: 'A family account can have at most 8 children' },
  last_child: {
    ar: 'يبقى في حساب العائلة طفل واحد على الأقل',
    en: 'A family account always keeps at least one child',
  },
  child_added: { ar: 'تمت إضافة الطفل', en: 'The child was added' },
  child_saved: { ar: 'تم حفظ بيانات الطفل', en: "The child's details were saved" },
  child_archived_done: {
    ar: 'تمت أرشفة الطفل، وتبقى حصصه السابقة في السجل',
    en: 'The child was archived; their past sessions stay in the history',
  },
  child_removed: { ar: 'تم حذف الطفل', en: 'The child was removed' },
  phase_invalid: { ar: 'المرحلة الدراسية غير صالحة', en: 'This school phase is not valid' },
  requests_students_only: { ar: 'حجز الحصص متاح لحسابات الطلاب فقط', en: 'Only student accounts can book sessions' },
  request_created: {
    ar: 'تم إرسال طلب الحصة، وسنخبرك عند رد المعلم',
    en: 'Your session request was sent. We will tell you when the teacher answers',
  },
  request_approved: { ar: 'تم قبول الطلب', en: 'The request was approved' },
  request_rejected: { ar: 'تم رفض الطلب', en: 'The request was declined' },
  request_canceled: { ar: 'تم إلغاء الطلب واسترداد الساعات', en: 'The request was canceled and the hours refunded' },
  request_rescheduled: { ar: 'تم نقل الطلب إلى الموعد الجديد', en: 'The request was moved to the new time' },
  reschedule_proposed: {
    ar: 'أُرسل اقتراح الموعد الجديد، وتبقى الحصة في موعدها حتى يُرد عليه',
    en: 'The new time was proposed; the session keeps its time until it is answered',
  },
  reschedule_accepted: { ar: 'تم نقل الحصة إلى الموعد الجديد', en: 'The session was moved to the new time' },
  reschedule_declined: { ar: 'بقيت الحصة في موعدها', en: 'The session keeps its time' },
  series_created: {
    ar: 'تم إرسال طلبات الحصص الأسبوعية، وسنخبرك عند رد المعلم',
    en: 'Your weekly session requests were sent. We will tell you when the teacher answers',
  },
  series_not_found: { ar: 'لم نجد هذه السلسلة من الحصص', en: 'We could not find this series of lessons' },
  series_canceled: {
    ar: 'تم إلغاء بقية حصص السلسلة واسترداد ساعاتها',
    en: 'The rest of the series was canceled and its hours refunded',
  },
  series_canceled_some_kept: {
    ar: 'تم إلغاء بقية حصص السلسلة واسترداد ساعاتها، وبقيت الحصص التي تبدأ خلال 6 ساعات',
    en: 'The rest of the series was canceled and its hours refunded; lessons starting within 6 hours stay booked',
  },
  evaluation_saved: { ar: 'شكراً لك، تم حفظ تقييمك', en: 'Thank you, your rating was saved' },
  // A teacher's time off.
  time_off_created: { ar: 'تمت إضافة الإجازة، ولن يُعرض وقتك للحجز خلالها', en: 'Your time off was added; nobody can book you during it' },
  time_off_created_with_sessions: {
    ar: 'تمت إضافة الإجازة، ولديك حصص محجوزة خلالها: ألغها أو انقلها إلى موعد آخر',
    en: 'Your time off was added. You have booked sessions during it: cancel them or move them to another time',
  },
  time_off_removed: { ar: 'تم حذف الإجازة', en: 'The time off was removed' },
  time_off_not_found: { ar: 'لم نجد هذه الإجازة', en: 'We could not find this time off' },
  time_off_limit: {
    ar: 'لديك 30 إجازة قادمة، وهذا هو الحد الأقصى؛ احذف إحداها أولاً',
    en: 'You already have 30 upcoming time-off entries, the most allowed; remove one first',
  },
  // Calendar files and feeds.
  calendar_feed_created: { ar: 'تم إنشاء رابط اشتراك جديد للتقويم', en: 'A new calendar subscription link was made' },
  calendar_feed_removed: { ar: 'تم إيقاف اشتراك التقويم', en: 'The calendar subscription was turned off' },
  // Web Push subscriptions.
  push_subscribed: { ar: 'ستصلك التنبيهات على هذا الجهاز', en: 'Notifications will reach this device' },
  push_unsubscribed: { ar: 'أُوقفت التنبيهات على هذا الجهاز', en: 'Notifications on this device were turned off' },
  notification_preferences_saved: { ar: 'تم حفظ إعدادات التنبيهات', en: 'Your notification settings were saved' },
  // A family's e-mail address.
  email_code_sent: { ar: 'أرسلنا رمز تأكيد إلى بريدك الإلكتروني', en: 'We sent a confirmation code to your e-mail address' },
  email_saved: { ar: 'تم حفظ بريدك الإلكتروني', en: 'Your e-mail address was saved' },
  email_verified: { ar: 'تم تأكيد بريدك الإلكتروني', en: 'Your e-mail address is confirmed' },
  email_language_saved: { ar: 'سنكتب إليك بهذه اللغة من الآن', en: 'We will write to you in this language from now on' },
  email_removed: {
    ar: 'تمت إزالة بريدك الإلكتروني، ولن نرسل إليه شيئًا',
    en: 'Your e-mail address was removed; nothing will be sent to it',
  },
  email_nothing_to_verify: { ar: 'لا يوجد بريد إلكتروني بانتظار التأكيد', en: 'There is no e-mail address waiting to be confirmed' },
  push_not_configured: { ar: 'تنبيهات المتصفح غير مفعّلة على هذا الخادم', en: 'Browser notifications are not set up on this server' },
  // Teacher photos.
  photo_saved: { ar: 'تم حفظ صورتك', en: 'Your photo was saved' },
  photo_removed: { ar: 'تمت إزالة صورتك', en: 'Your photo was removed' },
  // A teacher's intro video.
  video_saved: { ar: 'تم حفظ الفيديو التعريفي', en: 'Your intro video was saved' },
  video_removed: { ar: 'تمت إزالة الفيديو التعريفي', en: 'Your intro video was removed' },
  video_too_large: { ar: 'الفيديو أكبر من 30 ميغابايت', en: 'The video is larger than 30 MB' },
  video_type: { ar: 'يُقبل الفيديو بصيغة MP4 أو WebM فقط', en: 'Only an MP4 or WebM video is accepted' },
  video_too_long: { ar: 'الفيديو أطول من 60 ثانية؛ اختر مقطعًا أقصر', en: 'The video is longer than 60 seconds; choose a shorter one' },
  video_no_duration: {
    ar: 'تعذّرت قراءة مدة الفيديو من الملف؛ احفظه مرة أخرى بصيغة MP4 وأعد المحاولة',
    en: 'The video’s length could not be read from the file; save it again as an MP4 and try once more',
  },
  poster_type: { ar: 'صورة الغلاف يجب أن تكون JPEG أو PNG أو WebP', en: 'The cover image must be a JPEG, PNG or WebP image' },
  poster_too_large: { ar: 'صورة الغلاف أكبر من 2 ميغابايت', en: 'The cover image is larger than 2 MB' },
  range_not_satisfiable: { ar: 'الجزء المطلوب خارج حدود الملف', en: 'The requested part lies outside the file' },
  // The live session.
  session_not_found: { ar: 'لم نجد هذه الحصة', en: 'We could not find this session' },
  session_not_participant: { ar: 'هذه الحصة ليست لك، فلا يمكنك الانضمام إليها', en: 'This session is not yours, so you cannot join it' },
  session_not_approved: {
    ar: 'لم تُقبل هذه الحصة بعد، فلا يمكن الانضمام إليها',
    en: 'This session has not been approved, so it cannot be joined',
  },
  session_finished: { ar: 'انتهت هذه الحصة', en: 'This session has ended' },
  session_not_open_yet: {
    ar: 'لم يحن موعد الحصة بعد؛ يمكنك الانضمام قبل بدايتها بعشر دقائق',
    en: 'It is not time for this session yet; you can join from 10 minutes before it starts',
  },
  session_over: { ar: 'انتهى وقت هذه الحصة', en: 'The time of this session is over' },
  session_not_over_yet: { ar: 'لم ينتهِ وقت الحصة بعد', en: 'The session time is not over yet' },
  session_too_many_events: { ar: 'طلبات كثيرة لهذه الحصة، حاول بعد قليل', en: 'Too many updates for this session; try again shortly' },
  session_ended: { ar: 'انتهت الحصة، شكراً لك', en: 'The session has ended. Thank you' },
  session_ended_early: {
    ar: 'أنهيت الحصة للطرفين، وأُعيد ما لم يُدرَّس من أنصاف الساعات إلى رصيد العائلة',
    en: "You ended the session for both; the whole half-hours not taught went back to the family's balance",
  },
  // Lesson reports.
  report_saved: { ar: 'تم حفظ تقرير الحصة', en: 'The lesson report was saved' },
  report_not_yet: { ar: 'يُكتب التقرير بعد انتهاء الحصة', en: 'The report is written once the session is over' },
  report_final: { ar: 'مضت مدة تعديل هذا التقرير، فلم يعد يتغير', en: 'The time to change this report is over; it is final' },
  report_teachers_only: { ar: 'يكتب التقرير معلم الحصة', en: 'The report is written by the session’s teacher' },
  // Messages between a family and a teacher.
  conversation_not_found: { ar: 'لم نجد هذه المحادثة', en: 'We could not find this conversation' },
  conversation_teacher_not_found: { ar: 'لم نجد هذا المعلم', en: 'We could not find this teacher' },
  conversation_not_allowed: {
    ar: 'تبدأ المحادثة مع المعلم بعد أن تطلب منه حصة',
    en: 'You can message a teacher once you have requested a session with them',
  },
  conversation_closed: {
    ar: 'حساب هذا المعلم موقوف، فلا يمكن المراسلة في هذه المحادثة الآن',
    en: "This teacher's account is suspended, so no messages can be sent in this conversation now",
  },
  message_not_found: { ar: 'لم نجد هذه الرسالة', en: 'We could not find this message' },
  message_sent: { ar: 'تم إرسال الرسالة', en: 'Message sent' },
  message_rate_limited: {
    ar: 'أرسلت رسائل كثيرة في وقت قصير، انتظر دقيقة ثم حاول مجدداً',
    en: 'You sent many messages in a short time; wait a minute and try again',
  },
  message_reported: { ar: 'شكراً لك، أُرسل البلاغ إلى فريق نور للمراجعة', en: 'Thank you, the report was sent to the Noor team for review' },
  report_closed: { ar: 'أُغلق هذا البلاغ من قبل', en: 'This report has already been closed' },
  message_report_own: { ar: 'لا يمكنك الإبلاغ عن رسالتك', en: 'You cannot report your own message' },
} satisfies Table;

export type MessageKey = keyof typeof messages;

export function tr(key: MessageKey, locale: Locale): string {
  return messages[key][locale];
}

/** A validation key from a contract schema → text; an unknown key (a library default) → the generic text. */
export function trValidation(key: string, locale: Locale): string {
  return (validation as Record<string, { ar: string; en: string }>)[key]?.[locale] ?? validation.invalid[locale];
}
