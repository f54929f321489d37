/** HTTP handlers of the users area: thin adapters from validated input to the domain. */
import * as applications from '../domain/applications.js';
import * as authenticator from '../domain/authenticator.js';
import * as directory from '../domain/directory.js';
import { takeConfirmedEmail } from '../domain/email-change.js';
import { earningsOf } from '../domain/earnings.js';
import * as images from '../domain/images.js';
import * as mail from '../domain/mail-preferences.js';
import * as profile from '../domain/profile.js';
import { progressOf } from '../domain/progress.js';
import * as users from '../domain/users.js';
import { areaHandler } from './area-handler.js';
import { usersSchemas } from '../../shared/api/route-schemas/users.js';

export const handler = areaHandler('users', usersSchemas, {
  emailExists: async ({ input, event }) => ({ exists: await users.emailExists(input.email, event.requestContext.http.sourceIp) }),
  usernameExists: async ({ input }) => ({ exists: await users.usernameExists(input.username) }),
  getShowcase: async ({ event }) => directory.showcase(event.requestContext.http.sourceIp),
  getMe: async ({ caller }) => users.toUserView(caller.user, caller.isAdmin),
  chooseType: async ({ input, caller }) => users.toUserView(await users.chooseType(caller.user, input.type), caller.isAdmin),
  saveGenres: async ({ input, caller }) => users.toUserView(await users.saveGenres(caller.user, input.genres), caller.isAdmin),
  getEarnings: async ({ caller }) => earningsOf(caller.user),
  saveProProfile: async ({ input, caller }) => users.toUserView(await users.saveProProfile(caller.user, input), caller.isAdmin),
  updateProfile: async ({ input, caller }) => users.toUserView(await profile.updateProfile(caller.user, input), caller.isAdmin),
  takeConfirmedEmail: async ({ caller }) => takeConfirmedEmail(caller),
  saveMailPreferences: async ({ input, caller }) => users.toUserView(await mail.saveMailPreferences(caller.user, input), caller.isAdmin),
  saveSocialLinks: async ({ input, caller }) => users.toUserView(await profile.saveSocialLinks(caller.user, input.links), caller.isAdmin),
  setOwnPrice: async ({ input, caller }) =>
    users.toUserView(await profile.setOwnPrice(caller.user, input.price, input.freeRechecks), caller.isAdmin),
  createImageUpload: async ({ input, caller }) => images.createImageUpload(caller.user, input),
  saveProfileImage: async ({ input, caller }) => users.toUserView(await images.saveProfileImage(caller.user, input), caller.isAdmin),
  applyForPro: async ({ input, caller }) => applications.apply(caller.user, input),
  getMyApplication: async ({ caller }) => ({ application: await applications.myApplication(caller.user) }),
  getAuthenticator: async ({ caller }) => authenticator.authenticatorOf(caller),
  startAuthenticatorSetup: async ({ input, caller }) => authenticator.startSetup(caller, input.accessToken),
  confirmAuthenticator: async ({ input, caller }) => authenticator.confirmSetup(caller, input),
  removeAuthenticator: async ({ caller }) => authenticator.removeAuthenticator(caller),
  searchUsers: async ({ input, caller }) => ({ users: await directory.searchUsers(caller.user.id, input) }),
  listPros: async ({ input, caller }) => directory.listPros(caller.user.id, input),
  getProgress: async ({ caller }) => progressOf(caller.user.id),
});
