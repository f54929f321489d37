/** HTTP handlers of the admin area: users, their type, price and balance, the margin, pro applications, impersonation. */
import {
  listUsers,
  setUserType,
  setFeedbackPrice,
  adjustBalance,
  settings,
  updateMargin,
  decide,
  listApplications,
  startImpersonation,
  listAudit,
  vetWorldClass,
} from '../people/index.js';
import { findingStats, poolHealth } from '../feedback/index.js';
import { areaHandler } from './area-handler.js';
import { adminSchemas } from '../../shared/api/route-schemas/admin.js';

export const handler = areaHandler('admin', adminSchemas, {
  listUsers: async ({ input }) => listUsers(input),
  setUserType: async ({ input, caller }) => setUserType(caller.user, input.id, input.type),
  setFeedbackPrice: async ({ input, caller }) => setFeedbackPrice(caller.user, input.id, input.price),
  adjustBalance: async ({ input, caller }) => adjustBalance(caller.user, input),
  setWorldClass: async ({ input, caller }) => vetWorldClass(caller.user, input),
  getSettings: async () => settings(),
  updateMargin: async ({ input, caller }) => updateMargin(caller.user, input.margin, input.expectedUpdatedAt),
  listApplications: async ({ input }) => listApplications(input),
  decideApplication: async ({ input, caller }) => decide(caller.user, input),
  impersonate: async ({ input, caller }) => startImpersonation(caller.user, caller.identity, input.userId),
  listAudit: async ({ input }) => listAudit(input),
  getFindingStats: async () => findingStats(),
  getPoolHealth: async () => poolHealth(),
});
