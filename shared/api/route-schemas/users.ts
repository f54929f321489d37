/** What the users area's routes take and give (shared/api/routes.ts joins every area's). */
import { emptyInput, existsOutput } from '../../schemas/common.js';
import { earningsView, statementInput, statementView } from '../../schemas/ledger.js';
import { authenticatorKey, authenticatorView, confirmAuthenticatorInput, startAuthenticatorInput } from '../../schemas/authenticator.js';
import {
  createImageUploadInput,
  imageUploadTicket,
  myApplicationView,
  proApplicationInput,
  proApplicationView,
  saveImageInput,
  saveSocialLinksInput,
  setOwnPriceInput,
  updateProfileInput,
} from '../../schemas/profile.js';
import { listProsInput, proPage, searchUsersInput, showcaseView, userCardList } from '../../schemas/directory.js';
import {
  chooseTypeInput,
  emailExistsInput,
  saveGenresInput,
  saveProProfileInput,
  saveMailPreferencesInput,
  passwordNoticeView,
  usernameExistsInput,
  userView,
} from '../../schemas/users.js';
import { progressView } from '../../schemas/progress.js';
import type { AreaSchemas } from '../route.js';

export const usersSchemas = {
  emailExists: { input: emailExistsInput, output: existsOutput },
  getShowcase: { input: emptyInput, output: showcaseView },
  usernameExists: { input: usernameExistsInput, output: existsOutput },
  getMe: { input: emptyInput, output: userView },
  chooseType: { input: chooseTypeInput, output: userView },
  saveGenres: { input: saveGenresInput, output: userView },
  getEarnings: { input: emptyInput, output: earningsView },
  getStatement: { input: statementInput, output: statementView },
  saveProProfile: { input: saveProProfileInput, output: userView },
  updateProfile: { input: updateProfileInput, output: userView },
  saveSocialLinks: { input: saveSocialLinksInput, output: userView },
  saveMailPreferences: { input: saveMailPreferencesInput, output: userView },
  takeConfirmedEmail: { input: emptyInput, output: userView },
  passwordChanged: { input: emptyInput, output: passwordNoticeView },
  setOwnPrice: { input: setOwnPriceInput, output: userView },
  createImageUpload: { input: createImageUploadInput, output: imageUploadTicket },
  saveProfileImage: { input: saveImageInput, output: userView },
  applyForPro: { input: proApplicationInput, output: proApplicationView },
  getMyApplication: { input: emptyInput, output: myApplicationView },
  getAuthenticator: { input: emptyInput, output: authenticatorView },
  startAuthenticatorSetup: { input: startAuthenticatorInput, output: authenticatorKey },
  confirmAuthenticator: { input: confirmAuthenticatorInput, output: authenticatorView },
  removeAuthenticator: { input: emptyInput, output: authenticatorView },
  searchUsers: { input: searchUsersInput, output: userCardList },
  listPros: { input: listProsInput, output: proPage },
  getProgress: { input: emptyInput, output: progressView },
} as const satisfies AreaSchemas<'users'>;
