/** HTTP handlers of the admin area: users, their type, price and balance, the margin, pro applications, impersonation. */
import * as admin from '../domain/admin.js';
import { decide } from '../domain/application-decisions.js';
import * as applications from '../domain/applications.js';
import * as impersonation from '../domain/impersonation.js';
import { areaHandler } from './area-handler.js';
import { adminSchemas } from '../../shared/api/route-schemas/admin.js';

export const handler = areaHandler('admin', adminSchemas, {
  listUsers: async ({ input }) => admin.listUsers(input),
  setUserType: async ({ input, caller }) => admin.setUserType(caller.user, input.id, input.type),
  setFeedbackPrice: async ({ input, caller }) => admin.setFeedbackPrice(caller.user, input.id, input.price),
  adjustBalance: async ({ input, caller }) => admin.adjustBalance(caller.user, input),
  getSettings: async () => admin.settings(),
  updateMargin: async ({ input, caller }) => admin.updateMargin(caller.user, input.margin, input.expectedUpdatedAt),
  listApplications: async ({ input }) => applications.listApplications(input),
  decideApplication: async ({ input, caller }) => decide(caller.user, input),
  impersonate: async ({ input, caller }) => impersonation.startImpersonation(caller.user, caller.identity, input.userId),
  listAudit: async ({ input }) => impersonation.listAudit(input),
});
