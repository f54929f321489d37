/** Reads the local SES mail store, as a person would read their inbox. */
export interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** Headers besides the local SES's own (List-Unsubscribe). */
  headers?: { name: string; value: string }[];
  at: number;
}

/**
 * The e-mails in the store, to `to` if given, sent at or after `sinceMs` (ms epoch; the store counts whole
 * seconds). The store keeps every e-mail of a run: asked for the recent ones only, it answers a few kilobytes
 * rather than megabytes by the end of the suite.
 */
export async function listEmails(mailUrl: string, to?: string, sinceMs = 0): Promise<StoredEmail[]> {
  const res = await fetch(`${mailUrl}/store${sinceMs > 0 ? `?since=${Math.floor(sinceMs / 1000)}` : ''}`);
  const { emails } = (await res.json()) as { emails: StoredEmail[] };
  return to ? emails.filter((e) => e.destination.to.some((t) => t.toLowerCase() === to.toLowerCase())) : emails;
}

/** Waits for the newest e-mail to `to` whose subject matches, sent at or after `since` (ms epoch). */
export async function waitForEmail(
  mailUrl: string,
  to: string,
  subject: RegExp,
  { since = 0, timeoutMs = 15_000 } = {},
): Promise<StoredEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await listEmails(mailUrl, to, since - 1000))
      .filter((e) => subject.test(e.subject) && e.at * (e.at < 1e12 ? 1000 : 1) >= since - 1000)
      .pop();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** The first link in an e-mail that points at the given path of the app. */
export function linkIn(email: StoredEmail, pathname: string): string {
  const html = email.body.html ?? email.body.text ?? '';
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  const link = links.find((l) => new URL(l).pathname === pathname);
  if (!link) throw new Error(`No link to ${pathname} in e-mail "${email.subject}"`);
  return link;
}

export function codeIn(email: StoredEmail): string {
  const match = (email.body.html ?? email.body.text ?? '').match(/code=(\d{4,8})/);
  if (!match) throw new Error(`No code in e-mail "${email.subject}"`);
  return match[1];
}
