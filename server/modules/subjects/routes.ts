// GET /api/v1/subjects: the subjects teachers teach.
import type { Subject } from '../../../contract/reference';
import { namedReferenceRoutes } from '../reference/public-reference';
import { listSubjects } from './queries';

export const subjectsRoutes = () => namedReferenceRoutes<Subject>('subjects', listSubjects);
