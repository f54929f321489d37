/**
 * Applications to become a pro. Keys: PK USER#<id> SK APPLICATION (one per user, the latest), GSI1
 * APPLICATION#<status> / <submittedAt>#<id> for the admins' lists. The application and the user record
 * change in one transaction, so the state the applicant sees and the admins' lists always agree.
 */
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { getItem, cancellation, failedItem, send } from '../../platform/data/index.js';
import { fromItem as userFromItem, versionedUpdate, type UserRecord } from './users.js';

export type ApplicationStatus = 'pending' | 'approved' | 'declined';

export interface ApplicationRecord {
  userId: string;
  fullName: string;
  email: string;
  username: string;
  status: ApplicationStatus;
  genres: string[];
  costRange: { min: number; max: number };
  experience: number;
  credits: string;
  featuredTrack: string | null;
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

const T = () => config.tableName;
const key = (userId: string) => ({ PK: `USER#${userId}`, SK: 'APPLICATION' });
const indexKeys = (a: Pick<ApplicationRecord, 'status' | 'submittedAt' | 'userId'>) => ({
  GSI1PK: `APPLICATION#${a.status}`,
  GSI1SK: `${a.submittedAt}#${a.userId}`,
});

function fromItem(item: Record<string, unknown>): ApplicationRecord {
  const { PK: _p, SK: _s, GSI1PK: _g, GSI1SK: _gs, entity: _e, ...rest } = item;
  return rest as unknown as ApplicationRecord;
}

export async function getApplication(userId: string): Promise<ApplicationRecord | null> {
  return getItem(key(userId), fromItem);
}

/**
 * Files the application and gives the applicant its genres, cost range and experience (what the pro
 * onboarding asks), provided they are still a musician with no application pending.
 */
export async function fileApplication(app: ApplicationRecord): Promise<'filed' | 'pending' | 'not_musician'> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: T(),
              Item: { ...key(app.userId), ...indexKeys(app), entity: 'application', ...app },
              ConditionExpression: 'attribute_not_exists(PK) OR #st <> :pending',
              ExpressionAttributeNames: { '#st': 'status' },
              ExpressionAttributeValues: { ':pending': 'pending' },
            },
          },
          {
            Update: {
              TableName: T(),
              Key: { PK: `USER#${app.userId}`, SK: 'PROFILE' },
              UpdateExpression: 'SET proApplication = :pending, genres = :g, costRange = :c, experience = :x, updatedAt = :now',
              ConditionExpression: 'attribute_exists(PK) AND #type = :musician',
              ExpressionAttributeNames: { '#type': 'type' },
              ExpressionAttributeValues: {
                ':pending': 'pending',
                ':g': app.genres,
                ':c': app.costRange,
                ':x': app.experience,
                ':now': app.submittedAt,
                ':musician': 'musician',
              },
            },
          },
        ],
      }),
    );
    return 'filed';
  } catch (err) {
    const [application, user] = cancellation(err) ?? [];
    if (application === 'ConditionalCheckFailed') return 'pending';
    if (user === 'ConditionalCheckFailed') return 'not_musician';
    throw err;
  }
}

/**
 * Decides a pending application: approval makes the applicant a pro (type, list keys and counters) in the
 * same transaction, on condition that the applicant's record is the version read. 'application_changed'
 * when it was no longer pending (another admin decided first); `{ applicant }` when the record changed
 * since it was read (the record that won, null if it is gone).
 */
export async function decideApplication(
  app: ApplicationRecord,
  decision: {
    status: 'approved' | 'declined';
    reason: string | null;
    adminId: string;
    at: string;
    /** Approved and vetted as World-Class at once (people/world-class.ts's vetting, in the same write). */
    worldClass?: { reason: string; at: string; by: string };
  },
  applicant: UserRecord,
  /** The applicant is already a pro (an admin's type toggle): only the application is closed. */
  alreadyPro = false,
  /** The admin's audit entries, written with the decision. */
  audits: Record<string, unknown>[] = [],
): Promise<'decided' | 'application_changed' | { applicant: UserRecord | null }> {
  const makesPro = decision.status === 'approved' && !alreadyPro;
  const profile = versionedUpdate(
    applicant,
    {
      proApplication: decision.status,
      ...(makesPro ? { type: 'pro' as const, typeChosen: true } : {}),
      ...(decision.worldClass ? { worldClass: decision.worldClass } : {}),
    },
    decision.at,
    {
      expression: '#type = :expected',
      names: { '#type': 'type' },
      values: { ':expected': alreadyPro ? 'pro' : 'musician' },
    },
  );
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: T(),
                Key: key(app.userId),
                UpdateExpression: 'SET #st = :st, reason = :r, decidedAt = :at, decidedBy = :by, GSI1PK = :gpk',
                ConditionExpression: '#st = :pending AND submittedAt = :submitted',
                ExpressionAttributeNames: { '#st': 'status' },
                ExpressionAttributeValues: {
                  ':st': decision.status,
                  ':r': decision.reason,
                  ':at': decision.at,
                  ':by': decision.adminId,
                  ':gpk': indexKeys({ ...app, status: decision.status }).GSI1PK,
                  ':pending': 'pending',
                  ':submitted': app.submittedAt,
                },
              },
            },
            { Update: profile.update },
            ...profile.counters,
            ...audits,
          ],
        }),
    );
    return 'decided';
  } catch (err) {
    const reasons = cancellation(err);
    if (!reasons) throw err;
    if (reasons[0] === 'ConditionalCheckFailed') return 'application_changed';
    if (reasons[1] === 'ConditionalCheckFailed') {
      const won = failedItem(err, 1);
      return { applicant: won ? userFromItem(won) : null };
    }
    throw err;
  }
}

/** One page of applications in a state, oldest first (the queue's order). */
export async function pageApplications(
  status: ApplicationStatus,
  opts: { limit: number; start?: Record<string, unknown> },
): Promise<{ applications: ApplicationRecord[]; next?: Record<string, unknown> }> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: T(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': `APPLICATION#${status}` },
      ScanIndexForward: status === 'pending',
      Limit: opts.limit,
      ExclusiveStartKey: opts.start,
    }),
  );
  return { applications: (res.Items ?? []).map(fromItem), next: res.LastEvaluatedKey };
}
