// What each staff role may open in the console: the navigation shows only these, and a page outside
// them says so (the server refuses the calls anyway). Mirrors the roles of the admin API
// (docs/decisions.md, "Operators").
import type { StaffRoleName } from '../../../contract/staff';

export type ConsoleArea = 'queue' | 'documents' | 'review' | 'support' | 'promoCodes' | 'audit' | 'staff' | 'rates' | 'setRates';

const AREAS: Record<StaffRoleName, readonly ConsoleArea[]> = {
  reviewer: ['queue', 'documents', 'review'],
  support: ['queue', 'support', 'promoCodes', 'rates'],
  admin: ['queue', 'documents', 'review', 'support', 'promoCodes', 'audit', 'staff', 'rates', 'setRates'],
};

export function mayUse(role: StaffRoleName, area: ConsoleArea): boolean {
  return AREAS[role].includes(area);
}
