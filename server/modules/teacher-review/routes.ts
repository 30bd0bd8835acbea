// The teacher's own review calls (bearer token): accepting the terms and (re)submitting documents.
import { Hono } from 'hono';
import { DOCUMENT_FIELDS } from '../../../contract/auth';
import type { TeacherStatusChange } from '../../../contract/teacher-review';
import { validationKeys } from '../../../contract/validation';
import type { FileStorage } from '../../adapters/storage';
import type { AppEnv } from '../../http/context';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { trValidation } from '../../i18n';
import type { Logger } from '../../logger';
import type { Publisher } from '../../realtime/publisher';
import { requireTeacher } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { profileOf } from '../profile/queries';
import { putDocuments, readDocuments, recordDocuments } from '../profile/uploads';
import { changeTeacherStatus, publishStatus, type StatusChange } from './service';

export interface TeacherReviewRoutesOptions {
  auth: AuthMiddleware;
  storage: FileStorage;
  publisher: Publisher | undefined;
  log: Logger;
  now: () => Date;
}

/** The paths whose multipart body may be as large as the teacher sign-up's (three documents). */
export const TEACHER_UPLOAD_PATHS: readonly string[] = ['/api/v1/instructor/documents'];

export function teacherReviewRoutes({ auth, storage, publisher, log, now }: TeacherReviewRoutesOptions) {
  return new Hono<AppEnv>()
    .post('/instructor/update/status', auth.requireUser, async (c) => {
      const teacher = requireTeacher(c);
      const change = await c
        .get('db')
        .transaction((tx) => changeTeacherStatus(tx, teacher.teacherId, 'accept_terms', { actor: 'teacher', now: now() }));
      // The teacher's other tabs follow too.
      await publishStatus(publisher, change);
      const data: TeacherStatusChange = { status: change.to, review_reason: change.reason };
      return ok(c, data, 'instructor_status_updated');
    })
    .post('/instructor/documents', auth.requireUser, async (c) => {
      const teacher = requireTeacher(c);
      const locale = c.get('locale');
      // Checked before reading the files, so a teacher in the wrong status gets the 409, not a 400.
      if (teacher.status !== 'rejected' && teacher.status !== 'active') throw new ApiFailure(409, 'teacher_status_conflict');
      if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
        throw new ValidationFailure(
          Object.fromEntries(DOCUMENT_FIELDS.map((f) => [f, [trValidation(validationKeys.required, locale)]])),
          'documents_required',
        );
      }
      let form: Record<string, unknown>;
      try {
        const parsed = await c.req.parseBody({ all: true });
        // One file per field: a repeated field keeps its first value.
        form = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
      } catch {
        throw new ValidationFailure({}, 'malformed_json');
      }
      const sent = DOCUMENT_FIELDS.filter((f) => form[f] !== undefined && form[f] !== '');
      if (sent.length === 0) {
        throw new ValidationFailure(
          Object.fromEntries(DOCUMENT_FIELDS.map((f) => [f, [trValidation(validationKeys.required, locale)]])),
          'documents_required',
        );
      }
      // The same checks as the sign-up (size, sniffed type); fields not sent are not required here.
      const { documents, problems } = await readDocuments(form);
      const errors: Record<string, string[]> = {};
      for (const field of sent) {
        const problem = problems[field];
        if (problem) errors[field] = [trValidation(problem, locale)];
      }
      if (Object.keys(errors).length) throw new ValidationFailure(errors);

      const stored = await putDocuments(storage, documents);
      let change: StatusChange;
      try {
        change = await c.get('db').transaction(async (tx) => {
          const action = teacher.status === 'active' ? 'replace_documents' : 'resubmit';
          const result = await changeTeacherStatus(tx, teacher.teacherId, action, { actor: 'teacher', now: now() });
          await recordDocuments(tx, teacher.teacherId, stored);
          return result;
        });
      } catch (err) {
        await Promise.all(stored.map((d) => storage.remove(d.key))).catch((cleanup: unknown) =>
          log.warn('teacher documents: cleanup failed', { error: String(cleanup) }),
        );
        throw err;
      }
      await publishStatus(publisher, change);
      return ok(c, await profileOf(c.get('db'), teacher.teacherId, locale), 'documents_submitted');
    });
}
