/** What the account area's routes take and give (shared/api/routes.ts joins every area's). */
import { accountDeletionView, deleteAccountInput, deleteAccountOutput } from '../../schemas/account-deletion.js';
import { emptyInput } from '../../schemas/common.js';
import { dataExportView } from '../../schemas/data-export.js';
import type { AreaSchemas } from '../route.js';

export const accountSchemas = {
  exportMyData: { input: emptyInput, output: dataExportView },
  getDeletionCheck: { input: emptyInput, output: accountDeletionView },
  deleteMyAccount: { input: deleteAccountInput, output: deleteAccountOutput },
} as const satisfies AreaSchemas<'account'>;
