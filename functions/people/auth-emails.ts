/**
 * The account e-mails (confirm sign-up, reset password, confirm a new address). Cognito sends them; this only words them.
 * `code` is Cognito's placeholder `{####}`, which it replaces with the real code when sending.
 */
import { paths } from '../../shared/paths.js';

export interface AuthEmail {
  subject: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, greeting: string, text: string, link: string, button: string, code: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d1d29;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${title}</h1>
<p>${greeting}</p>
<p>${text}</p>
<p><a href="${link}" style="display:inline-block;background:#7c5cff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${button}</a></p>
<p>Or enter this code: <strong style="font-size:18px;letter-spacing:2px">${code}</strong></p>
<p style="color:#666;font-size:13px">If you did not ask for this, you can ignore this e-mail.</p>
</body></html>`;
}

export function confirmationEmail(appUrl: string, email: string, name: string, code: string): AuthEmail {
  const query = `email=${encodeURIComponent(email)}&name=${encodeURIComponent(name)}&code=${code}`;
  const link = `${appUrl}${paths.emailConfirmation}?${query}`;
  return {
    subject: 'Confirm your e-mail address',
    html: layout(
      'Confirm your e-mail address',
      `Hi ${escapeHtml(name || email)},`,
      'Thanks for signing up. Click the button below to verify your account.',
      link,
      'Confirm my e-mail',
      code,
    ),
  };
}

export function resetPasswordEmail(appUrl: string, email: string, name: string, code: string): AuthEmail {
  const link = `${appUrl}${paths.resetPassword}?email=${encodeURIComponent(email)}&code=${code}`;
  return {
    subject: 'Reset your password',
    html: layout(
      'Reset your password',
      `Hi ${escapeHtml(name || email)},`,
      'We received a request to reset your password. Click the button below to choose a new one.',
      link,
      'Reset my password',
      code,
    ),
  };
}

/** The code of a new e-mail address, sent to that address: the account page asks for it. */
export function emailChangeEmail(appUrl: string, email: string, name: string, code: string): AuthEmail {
  return {
    subject: 'Confirm your new e-mail address',
    html: layout(
      'Confirm your new e-mail address',
      `Hi ${escapeHtml(name || email)},`,
      `Enter the code below on your account page to make ${escapeHtml(email)} the address you sign in with.`,
      `${appUrl}${paths.account}`,
      'Open your account',
      code,
    ),
  };
}
