/** HTTP handlers of the account area: the account's rare, heavy actions ('Download my data', 'Delete my account'). */
import { deleteMyAccount, deletionCheck, exportData } from '../account/index.js';
import { areaHandler } from './area-handler.js';
import { accountSchemas } from '../../shared/api/route-schemas/account.js';

export const handler = areaHandler('account', accountSchemas, {
  exportMyData: async ({ caller }) => exportData(caller),
  getDeletionCheck: async ({ caller }) => deletionCheck(caller),
  deleteMyAccount: async ({ caller, input }) => deleteMyAccount(caller, input),
});
