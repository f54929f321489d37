/**
 * World-Class, the tier Snip vouches for: only an admin vets a pro as World-Class (saying why, such as their
 * credits: the reason shows on the pro's profile) or withdraws it, each audited in the change's own transaction;
 * only a vetted pro may ask the World-Class price (the price writes hold it: data/world-class.ts).
 */
import type { AdminUserView } from '../../shared/schemas/admin.js';
import { auditChange } from './data/audit.js';
import { getUser, type UserRecord } from './data/users.js';
import { setWorldClass } from './data/world-class.js';
import { toAdminUserView } from './admin.js';
import { Conflict, NotFound } from '../lib/errors.js';

export async function vetWorldClass(admin: UserRecord, input: { id: string; vetted: boolean; reason: string }): Promise<AdminUserView> {
  const user = await getUser(input.id);
  if (!user || user.type !== 'pro') throw new NotFound('Pro not found');
  if (Boolean(user.worldClass) === input.vetted) return toAdminUserView(user);
  const at = new Date().toISOString();
  const vetting = input.vetted ? { reason: input.reason, at, by: admin.id } : null;
  const audit = auditChange(admin, user, {
    action: 'setWorldClass',
    path: `/users/${user.id}/world-class`,
    from: user.worldClass ? `World-Class: ${user.worldClass.reason}` : 'not World-Class',
    to: vetting ? `World-Class: ${vetting.reason}` : `not World-Class: ${input.reason}`,
  });
  const written = await setWorldClass(user.id, vetting, audit);
  if (written === 'not_pro') throw new NotFound('Pro not found');
  // Another admin (or a second click) made the same change first: theirs stands, as it now is.
  if (written === 'already') return toAdminUserView((await getUser(user.id)) ?? user);
  if (written === 'priced')
    throw new Conflict(`They ask the World-Class price: change it before withdrawing their World-Class vetting.`, 'world_class_price');
  const { worldClass: _was, ...rest } = user;
  return toAdminUserView({ ...rest, ...(vetting ? { worldClass: vetting } : {}), updatedAt: at });
}
