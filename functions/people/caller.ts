/** Who a request acts as, as the API's middleware (functions/http/area-handler.ts) established it. */
import type { UserRecord } from './data/users.js';
import type { Identity } from '../lib/identity.js';
import type { PoolStatus } from './admin-mfa.js';

export interface Caller {
  identity: Identity;
  /** Who the request acts as: the signed-in user, or the user an admin impersonates. */
  user: UserRecord;
  isAdmin: boolean;
  /** The real admin, when `user` is impersonated. */
  actor?: UserRecord;
  /** What the user pool says of an admin-group token's account now (null for other tokens). */
  pool?: PoolStatus | null;
}
