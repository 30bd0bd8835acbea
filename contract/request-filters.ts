// The requests list's filters, alone in their file: the requests route checks its search with them in the
// entry every page downloads, which must not carry the rest of the requests contract's values.
/**
 * List filters (docs/decisions.md): all; new = pending; current = approved and now inside its session
 * window; upcoming = approved and starting later; finished; canceled = canceled, rejected or expired.
 * The tabs show them in this order: what is still ahead (upcoming) before what is over (canceled).
 */
export const REQUEST_FILTERS = ['all', 'new', 'current', 'upcoming', 'finished', 'canceled'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];
