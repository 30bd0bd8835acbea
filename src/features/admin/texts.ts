// Texts of the console chosen by a value (a status, a role, a document kind, a ledger reason, an audit
// field), as message descriptors so each appears once in the catalogs; and the rejection reason templates.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TeacherStatus } from '../../../contract/account';
import type { DocumentField } from '../../../contract/auth';
import type { ORDER_STATUSES, RefundRefusal } from '../../../contract/packages';
import type { StaffRoleName } from '../../../contract/staff';

export const statusTexts: Record<TeacherStatus, MessageDescriptor> = {
  in_review: msg({ message: 'In review', context: 'teacher status' }),
  policy: msg({ message: 'Approved, terms not yet accepted', context: 'teacher status' }),
  active: msg({ message: 'Active', context: 'teacher status' }),
  rejected: msg({ message: 'Rejected', context: 'teacher status' }),
  suspended: msg({ message: 'Suspended', context: 'teacher status' }),
};

export const roleTexts: Record<StaffRoleName, MessageDescriptor> = {
  reviewer: msg({ message: 'Reviewer', context: 'staff role' }),
  support: msg({ message: 'Support', context: 'staff role' }),
  admin: msg({ message: 'Administrator', context: 'staff role' }),
};

export const documentTexts: Record<DocumentField, MessageDescriptor> = {
  id_front: msg({ message: 'ID card, front', context: 'console document' }),
  id_back: msg({ message: 'ID card, back', context: 'console document' }),
  qualification_scan: msg({ message: 'Qualification certificate', context: 'console document' }),
};

/**
 * Rejection reasons the reviewer starts from. The reason goes to the teacher, whose language the
 * console does not know, so a template writes it in both languages (Arabic first); the reviewer may
 * edit it. The button's label follows the console's language.
 */
export const REASON_TEMPLATES: readonly { id: string; label: MessageDescriptor; ar: string; en: string }[] = [
  {
    id: 'unreadable',
    label: msg`Document unreadable`,
    ar: 'صورة الوثيقة غير واضحة. يرجى رفع صورة واضحة تظهر فيها جميع البيانات.',
    en: 'The document image is not readable. Please upload a clear image showing every detail.',
  },
  {
    id: 'mismatch',
    label: msg`Name does not match`,
    ar: 'الاسم في الوثيقة لا يطابق الاسم المسجل في الحساب.',
    en: 'The name on the document does not match the name on the account.',
  },
  {
    id: 'expired',
    label: msg`ID expired`,
    ar: 'بطاقة الهوية منتهية الصلاحية. يرجى رفع بطاقة سارية.',
    en: 'The ID card has expired. Please upload a valid one.',
  },
  {
    id: 'qualification',
    label: msg`Qualification missing`,
    ar: 'لم نجد شهادة المؤهل العلمي. يرجى رفع صورة الشهادة.',
    en: 'We could not find the qualification certificate. Please upload a scan of it.',
  },
];

/** A template as the reason the teacher reads: Arabic, then English. */
export function templateReason(template: { ar: string; en: string }): string {
  return `${template.ar}\n${template.en}`;
}

/** An order's status as the family's order history words it. */
export const orderStatusTexts: Record<(typeof ORDER_STATUSES)[number], MessageDescriptor> = {
  created: msg`Created`,
  pendingPayment: msg`Awaiting payment`,
  paid: msg`Paid`,
  failed: msg`Not completed`,
  expired: msg`Expired`,
};

/** Why a line of the hours ledger moved the balance. */
export const ledgerReasonTexts: Record<string, MessageDescriptor> = {
  purchase: msg({ message: 'Package bought', context: 'ledger' }),
  booking: msg({ message: 'Lesson booked', context: 'ledger' }),
  refund: msg({ message: 'Lesson hours returned', context: 'ledger' }),
  expiry: msg({ message: 'Hours expired', context: 'ledger' }),
  free_trial: msg({ message: 'Free trial', context: 'ledger' }),
  adjustment: msg({ message: 'Adjusted by support', context: 'ledger' }),
  order_refund: msg({ message: 'Package refunded', context: 'ledger' }),
};

/** Why the refund rule refuses an order now (support sees it instead of the button). */
export const refundRefusalTexts: Record<RefundRefusal, MessageDescriptor> = {
  too_late: msg({ message: 'Refund period over', context: 'console' }),
  hours_used: msg({ message: 'Hours partly used', context: 'console' }),
  not_paid: msg({ message: 'Not paid', context: 'console' }),
  already_refunded: msg({ message: 'Refunded', context: 'console' }),
};

/** The audit log's before/after fields, by their key (an unknown key is shown as it is). */
export const auditFieldTexts: Record<string, MessageDescriptor> = {
  status: msg({ message: 'Status', context: 'audit field' }),
  review_reason: msg({ message: 'Reason given', context: 'audit field' }),
  balance_hours: msg({ message: 'Balance (hours)', context: 'audit field' }),
  hours: msg({ message: 'Hours', context: 'audit field' }),
  reason: msg({ message: 'Reason', context: 'audit field' }),
  active: msg({ message: 'Active', context: 'audit field' }),
  outcome: msg({ message: 'Outcome', context: 'audit field' }),
  refunded: msg({ message: 'Refunded', context: 'audit field' }),
  amount: msg({ message: 'Amount', context: 'audit field' }),
  amount_minor: msg({ message: 'Amount (smallest unit)', context: 'audit field' }),
  currency: msg({ message: 'Currency', context: 'audit field' }),
  receipt_number: msg({ message: 'Receipt number', context: 'audit field' }),
  kind: msg({ message: 'Kind', context: 'audit field' }),
  body: msg({ message: 'Text', context: 'audit field' }),
  note_id: msg({ message: 'Note number', context: 'audit field' }),
  teacher_id: msg({ message: 'Teacher number', context: 'audit field' }),
  email: msg({ message: 'Email', context: 'audit field' }),
  name: msg({ message: 'Name', context: 'audit field' }),
  role: msg({ message: 'Role', context: 'audit field' }),
  disabled: msg({ message: 'Disabled', context: 'audit field' }),
  code: msg({ message: 'Code', context: 'audit field' }),
  value: msg({ message: 'Value', context: 'audit field' }),
  max_uses: msg({ message: 'Most uses', context: 'audit field' }),
  expires_at: msg({ message: 'Expires', context: 'audit field' }),
  state: msg({ message: 'Shown', context: 'audit field' }),
  q: msg({ message: 'Search', context: 'audit field' }),
};
