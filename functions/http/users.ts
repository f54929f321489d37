/** HTTP handlers of the users area: thin adapters from validated input to the domain. */
import * as directory from '../domain/directory.js';
import { earningsOf } from '../domain/earnings.js';
import * as users from '../domain/users.js';
import { areaHandler } from '../lib/area-handler.js';

export const handler = areaHandler('users', {
  emailExists: async ({ input, event }) => ({ exists: await users.emailExists(input.email, event.requestContext.http.sourceIp) }),
  usernameExists: async ({ input }) => ({ exists: await users.usernameExists(input.username) }),
  getMe: async ({ caller }) => users.toUserView(caller.user, caller.isAdmin),
  chooseType: async ({ input, caller }) => users.toUserView(await users.chooseType(caller.user, input.type), caller.isAdmin),
  saveGenres: async ({ input, caller }) => users.toUserView(await users.saveGenres(caller.user, input.genres), caller.isAdmin),
  getEarnings: async ({ caller }) => earningsOf(caller.user),
  saveProProfile: async ({ input, caller }) =>
    users.toUserView(await users.saveProProfile(caller.user, input), caller.isAdmin),
  searchUsers: async ({ input, caller }) => ({ users: await directory.searchUsers(caller.user.id, input) }),
  listPros: async ({ caller }) => ({ users: await directory.listPros(caller.user.id) }),
});
