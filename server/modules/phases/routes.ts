// GET /api/v1/phases: the school phases (kindergarten to secondary 3), in school order.
import type { Phase } from '../../../contract/reference';
import { namedReferenceRoutes } from '../reference/public-reference';
import { listPhases } from './queries';

export const phasesRoutes = () => namedReferenceRoutes<Phase>('phases', listPhases);
