/**
 * Becoming a pro: a musician applies (genres, cost range, experience, credits, a featured track), an admin
 * approves (the type switches to pro) or declines with a reason, and the applicant is e-mailed either way.
 * Nobody becomes a pro by their own request: only an admin's decision or type toggle does it.
 */
import type { ProApplicationView } from '../../shared/schemas/profile.js';
import { fileApplication, getApplication, pageApplications, type ApplicationRecord, type ApplicationStatus } from './data/applications.js';
import type { UserRecord } from './data/users.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { Conflict } from '../lib/errors.js';
import { pick } from '../lib/pick.js';

const PAGE_SIZE = 20;

/** What an application shows: all it keeps. */
const VIEW_FIELDS = [
  'userId',
  'fullName',
  'email',
  'username',
  'status',
  'genres',
  'costRange',
  'experience',
  'credits',
  'featuredTrack',
  'reason',
  'submittedAt',
  'decidedAt',
] as const;
export const toApplicationView = (a: ApplicationRecord): ProApplicationView => pick(a, VIEW_FIELDS);

export interface ApplicationInput {
  genres: string[];
  costRange: { min: number; max: number };
  experience: number;
  credits: string;
  featuredTrack: string | null;
}

export async function apply(user: UserRecord, input: ApplicationInput): Promise<ProApplicationView> {
  const app: ApplicationRecord = {
    userId: user.id,
    fullName: user.fullName,
    email: user.email,
    username: user.username,
    status: 'pending',
    ...input,
    reason: null,
    submittedAt: new Date().toISOString(),
    decidedAt: null,
    decidedBy: null,
  };
  const result = await fileApplication(app);
  if (result === 'pending')
    throw new Conflict('Your application is already with our team. We will e-mail you when it is decided.', 'application_pending');
  if (result === 'not_musician') throw new Conflict('Only musicians apply to become a pro', 'not_musician');
  return toApplicationView(app);
}

export async function myApplication(user: UserRecord): Promise<ProApplicationView | null> {
  const app = await getApplication(user.id);
  return app ? toApplicationView(app) : null;
}

export async function listApplications(input: { status: ApplicationStatus; cursor?: string }) {
  const { applications, next } = await pageApplications(input.status, {
    limit: PAGE_SIZE,
    start: decodeCursor(input.cursor, { GSI1PK: `APPLICATION#${input.status}` }),
  });
  return { applications: applications.map(toApplicationView), next: encodeCursor(next) };
}
