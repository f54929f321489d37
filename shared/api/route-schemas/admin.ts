/** What the admin area's routes take and give (shared/api/routes.ts joins every area's). */
import {
  adjustBalanceInput,
  adminUserView,
  auditPage,
  impersonateInput,
  impersonationView,
  listAuditInput,
  listUsersInput,
  setFeedbackPriceInput,
  setUserTypeInput,
  setWorldClassInput,
  settingsView,
  updateMarginInput,
  userPage,
  poolHealthView,
} from '../../schemas/admin.js';
import { emptyInput } from '../../schemas/common.js';
import { findingStatsView } from '../../schemas/technical-report.js';
import { applicationPage, decideApplicationInput, listApplicationsInput, proApplicationView } from '../../schemas/profile.js';
import type { AreaSchemas } from '../route.js';

export const adminSchemas = {
  listUsers: { input: listUsersInput, output: userPage },
  setUserType: { input: setUserTypeInput, output: adminUserView },
  setFeedbackPrice: { input: setFeedbackPriceInput, output: adminUserView },
  adjustBalance: { input: adjustBalanceInput, output: adminUserView },
  setWorldClass: { input: setWorldClassInput, output: adminUserView },
  getSettings: { input: emptyInput, output: settingsView },
  updateMargin: { input: updateMarginInput, output: settingsView },
  listApplications: { input: listApplicationsInput, output: applicationPage },
  decideApplication: { input: decideApplicationInput, output: proApplicationView },
  impersonate: { input: impersonateInput, output: impersonationView },
  listAudit: { input: listAuditInput, output: auditPage },
  getFindingStats: { input: emptyInput, output: findingStatsView },
  getPoolHealth: { input: emptyInput, output: poolHealthView },
} as const satisfies AreaSchemas<'admin'>;
