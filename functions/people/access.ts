/**
 * What each access level of the route table admits. A rule about users' records, so it sits in people/
 * with them; the middleware (http/area-handler.ts) asks it for every signed-in call.
 */
import type { UserRecord } from './data/users.js';
import type { Access } from '../../shared/api/route.js';

/** Whether a signed-in caller may use a route of the given access level. */
export function allows(access: Access, user: UserRecord, isAdmin: boolean): boolean {
  switch (access) {
    case 'public':
    case 'user':
      return true;
    case 'musician':
      return user.type === 'musician';
    case 'pro':
      return user.type === 'pro';
    case 'admin':
      return isAdmin;
  }
}
