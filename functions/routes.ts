/**
 * THE route table. The CDK API, the local gateway, the web API client and the generic route test
 * all come from it. Handlers live in `http/<area>.ts` under the same name as the route.
 * This module must stay free of handler code so that the web app can import it.
 */
import { emptyInput, existsOutput } from '../shared/schemas/common.js';
import {
  chooseTypeInput,
  emailExistsInput,
  saveGenresInput,
  saveProProfileInput,
  usernameExistsInput,
  userView,
} from '../shared/schemas/users.js';
import {
  createTrackInput,
  createUploadInput,
  deleteTracksInput,
  deleteTracksView,
  listTracksInput,
  signedUrlInput,
  signedUrlView,
  trackListView,
  trackView,
  updateSnippetInput,
  uploadTicket,
} from '../shared/schemas/tracks.js';
import type { RouteDef } from './lib/route.js';

export const routes = {
  emailExists: { method: 'POST', path: '/users/email-exists', access: 'public', input: emailExistsInput, output: existsOutput, area: 'users' },
  usernameExists: { method: 'POST', path: '/users/username-exists', access: 'public', input: usernameExistsInput, output: existsOutput, area: 'users' },
  getMe: { method: 'GET', path: '/users/me', access: 'user', input: emptyInput, output: userView, area: 'users' },
  chooseType: { method: 'PUT', path: '/users/me/type', access: 'user', input: chooseTypeInput, output: userView, area: 'users' },
  saveGenres: { method: 'PUT', path: '/users/me/genres', access: 'musician', input: saveGenresInput, output: userView, area: 'users' },
  saveProProfile: { method: 'PUT', path: '/users/me/pro-profile', access: 'pro', input: saveProProfileInput, output: userView, area: 'users' },

  createUploadUrl: { method: 'POST', path: '/tracks/upload-url', access: 'user', input: createUploadInput, output: uploadTicket, area: 'tracks' },
  createTrack: { method: 'POST', path: '/tracks', access: 'user', input: createTrackInput, output: trackView, area: 'tracks' },
  listTracks: { method: 'GET', path: '/tracks', access: 'user', input: listTracksInput, output: trackListView, area: 'tracks' },
  getSignedUrl: { method: 'GET', path: '/tracks/signed-url', access: 'user', input: signedUrlInput, output: signedUrlView, area: 'tracks' },
  updateSnippet: { method: 'PUT', path: '/tracks/{id}/snippet', access: 'user', input: updateSnippetInput, output: trackView, area: 'tracks' },
  deleteTracks: { method: 'POST', path: '/tracks/delete', access: 'user', input: deleteTracksInput, output: deleteTracksView, area: 'tracks' },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeNames = Object.keys(routes) as RouteName[];
