// Model e2e of the teacher-status machine: one test per generated path, titled by its stable id (see walker.ts and teacher-status.adapter.ts).
import { teacherStatusAdapter } from './teacher-status.adapter';
import { walkAll } from './walker';

walkAll(teacherStatusAdapter);
