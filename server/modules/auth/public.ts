/**
 * What other modules may use of the sessions: creating, listing and revoking them, and the
 * lookup the current-user plugin (server/http/current-user.ts) is handed.
 * Other modules import only this file of auth (docs/decisions/138-server-module-boundaries.md).
 */
export { createSession, findLiveSessionIds, revokeSession, revokeUserSessions, sessionLookup, type SessionsRevokedListener } from './sessions';
