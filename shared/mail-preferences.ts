/**
 * The kinds of e-mail a user can turn off (the account page, or an e-mail's unsubscribe link), and what each
 * is off or on by default. E-mails about the account itself (a security change, an application's decision)
 * are always sent, so they are no kind here.
 */
export const MAIL_KINDS = ['requests', 'reviews', 'digests', 'payments', 'marketing'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Each kind's switch (`label`, `hint`), and what its e-mails are about, in a sentence ('e-mails about ...'). */
export const MAIL_KIND_LABELS: Record<MailKind, { label: string; hint: string; about: string }> = {
  requests: {
    label: 'Feedback requests',
    hint: 'A request for your feedback, and reminders of its deadlines.',
    about: 'feedback requests',
  },
  reviews: {
    label: 'Reviews',
    hint: 'Your requests accepted or declined, and feedback on your tracks ready.',
    about: 'feedback on your tracks',
  },
  digests: { label: 'Comment digests', hint: 'New comments on a request, a few minutes after the last one.', about: 'new comments' },
  payments: {
    label: 'Payments and payouts',
    hint: 'Payments received, refunds, expired paid requests and payouts.',
    about: 'payments and payouts',
  },
  marketing: { label: 'News and tips', hint: 'What is new at Snip, now and then.', about: 'news and tips' },
};

/** Marketing is opt-in; what a user asked for or was asked is opt-out. */
const DEFAULTS: Record<MailKind, boolean> = { requests: true, reviews: true, digests: true, payments: true, marketing: false };

export type MailPreferences = Record<MailKind, boolean>;

/** Where an unsubscribe link posts (shared/api/route-paths.ts), here for the e-mails, which carry no route table. */
export const UNSUBSCRIBE_API_PATH = '/mail/unsubscribe';

/** A user's preferences with the defaults filled in for the kinds they never chose. */
export const mailPreferences = (chosen: Partial<MailPreferences> | undefined): MailPreferences =>
  Object.fromEntries(MAIL_KINDS.map((k) => [k, chosen?.[k] ?? DEFAULTS[k]])) as MailPreferences;
