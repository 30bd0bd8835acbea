// Texts of the console chosen by a value (a status, a role, a document kind, an area), as message
// descriptors so each appears once in the catalogs; and the rejection reason templates.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TeacherStatus } from '../../../contract/account';
import type { DocumentField } from '../../../contract/auth';
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
