// Who may subscribe to which private or presence channel. The rules are the server's alone: the auth
// endpoint signs a subscription only when the authorizer says yes for the caller.
import { channelKind } from './protocol';

/** The caller as far as channel authorization needs to know them. */
export interface RealtimeUser {
  id: number;
  is_teacher: boolean;
}

/** Turns a bearer token into the user it belongs to, or null (unknown, expired, revoked). */
export type ResolveUser = (token: string) => Promise<RealtimeUser | null>;

/**
 * `true` allows a private channel; a presence channel needs the member identity to sign in
 * channel_data. `false` refuses.
 */
export type ChannelDecision = false | true | { user_id: string; user_info?: Record<string, unknown> };

export type ChannelAuthorizer = (user: RealtimeUser, channel: string) => ChannelDecision | Promise<ChannelDecision>;

const OWN_USER = /^private-user-(\d+)$/;
const INSTRUCTOR_STATUS = /^private-instructor-status-(\d+)$/;

/**
 * The product's rules: `private-user-{id}` for that user only; `private-instructor-status-{id}` for that
 * teacher only. Everything else is refused until a feature adds a rule here (presence channels
 * included: none is used yet).
 */
export const defaultChannelAuthorizer: ChannelAuthorizer = (user, channel) => {
  if (channelKind(channel) === 'public') return false; // nothing to sign: public channels need no auth
  const own = OWN_USER.exec(channel);
  if (own) return Number(own[1]) === user.id;
  const status = INSTRUCTOR_STATUS.exec(channel);
  if (status) return user.is_teacher && Number(status[1]) === user.id;
  return false;
};
