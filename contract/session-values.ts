// The plain values of the sessions contract (contract/sessions.ts), with no schema library, for the
// live-session statechart: importing its one constant from contract/sessions put the session schemas
// in a chunk of their own, one more file in the preload map every page's entry carries (npm run size).

/**
 * The `code` of a refused join (POST v1/sessions/:channel/token). Only "not open yet" may change by
 * waiting; a session that is over, finished, not approved or not the caller's stays so, and the
 * screen does not offer to try again.
 */
export const SESSION_NOT_OPEN_YET = 'session_not_open_yet';
