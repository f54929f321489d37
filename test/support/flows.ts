/** The steps API tests take through the real routes again and again: onboarding and uploading a track. */
import type { StackInfo } from './global-setup.js';
import { callRoute } from './api.js';
import { wavBytes, type ToneOptions } from './audio.js';
import type { TestUser } from './users.js';

/** Chooses the user's type and saves what onboarding asks of it; returns the user's id. */
export async function onboard(stack: StackInfo, user: TestUser, type: 'musician' | 'pro'): Promise<string> {
  await callRoute(stack.apiUrl, 'chooseType', { type }, user.idToken);
  const res =
    type === 'pro'
      ? await callRoute(stack.apiUrl, 'saveProProfile', { genres: ['House'], costRange: { min: 0, max: 50 }, experience: 3 }, user.idToken)
      : await callRoute(stack.apiUrl, 'saveGenres', { genres: ['House'] }, user.idToken);
  return res.body.id as string;
}

/** Uploads a generated WAV the way the browser does (presigned POST) and registers it as a track. */
export async function uploadTrack(stack: StackInfo, user: TestUser, title = 'Demo', tone: ToneOptions = { seconds: 4 }) {
  const bytes = wavBytes(tone);
  const ticket = await callRoute(stack.apiUrl, 'createUploadUrl', { filename: `${title}.wav`, contentType: 'audio/wav', size: bytes.length }, user.idToken);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }));
  await fetch(ticket.body.url, { method: 'POST', body: form });
  const res = await callRoute(stack.apiUrl, 'createTrack', { key: ticket.body.key, title }, user.idToken);
  if (res.status !== 200) throw new Error(`createTrack answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
