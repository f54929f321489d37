/**
 * A user's standing with the card provider, on their profile item, and the lookup from a provider
 * customer back to the user. Keys:
 * - customer  PK CUSTOMER#<customerId>  SK CUSTOMER  (userId)
 * - profile   PK USER#<id>  SK PROFILE   stripeCustomerId, plan (see UserPlan)
 * - e-mail    PK WEBHOOK#<provider>#<eventId>  SK EMAIL  (an event's e-mail, sent once; expires by TTL)
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import type { PlanLimits } from '../../../shared/plan.js';
import { webhookPut, type WebhookEvent } from './payments.js';
import { cancellation, send, writeIf } from '../../platform/data/index.js';

/** The plan a subscription gives, copied on the user so that every request can enforce its limits without asking the provider. */
export interface UserPlan {
  id: string;
  name: string;
  priceId: string;
  subscriptionId: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  limits: PlanLimits;
}

const T = () => config.tableName;
const userKey = (id: string) => ({ PK: `USER#${id}`, SK: 'PROFILE' });
export const customerKey = (customerId: string) => ({ PK: `CUSTOMER#${customerId}`, SK: 'CUSTOMER' });

/**
 * Records the user's customer id with its lookup, once: false when the user has one already (another
 * request stored it first; read it again).
 */
export async function saveCustomer(userId: string, customerId: string): Promise<boolean> {
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: T(),
              Key: userKey(userId),
              UpdateExpression: 'SET stripeCustomerId = :c',
              ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :c)',
              ExpressionAttributeValues: { ':c': customerId },
            },
          },
          { Put: { TableName: T(), Item: { ...customerKey(customerId), entity: 'customer', userId } } },
        ],
      }),
  );
}

export async function userOfCustomer(customerId: string): Promise<string | null> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: customerKey(customerId) }));
  return (res.Item?.userId as string | undefined) ?? null;
}

/** The write of the user's plan as read at `readAt`, unless a later read was stored already. */
function planWrite(userId: string, plan: UserPlan | null, readAt: string) {
  return {
    TableName: T(),
    Key: userKey(userId),
    UpdateExpression: 'SET #plan = :plan, planReadAt = :at',
    ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(planReadAt) OR planReadAt < :at)',
    ExpressionAttributeNames: { '#plan': 'plan' },
    ExpressionAttributeValues: { ':plan': plan, ':at': readAt },
  };
}

/**
 * Sets (or clears, with null) the user's plan as read from the provider at `readAt`, unless a later read
 * was stored already: two webhooks handled at once cannot leave the older state behind.
 */
export async function setPlan(userId: string, plan: UserPlan | null, readAt: string): Promise<boolean> {
  return writeIf(() => new UpdateCommand(planWrite(userId, plan, readAt)));
}

/** The claim of an e-mail caused by a provider's event: written only the first time. */
function eventEmailClaim(e: WebhookEvent) {
  return {
    Put: {
      TableName: T(),
      Item: {
        PK: `WEBHOOK#${e.provider}#${e.eventId}`,
        SK: 'EMAIL',
        entity: 'email',
        sentAt: new Date().toISOString(),
        expiresAt: Math.floor(Date.now() / 1000) + 90 * 86400,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * A provider's event about a user's plan, applied in one write: the plan read at `readAt` stored (as
 * setPlan), the event recorded as applied, and with `claimEmail` its e-mail claimed. 'stale' when a later
 * read was stored already and 'claimed' when the e-mail was claimed before: then nothing is written.
 */
export async function applyPlanEvent(
  userId: string,
  plan: UserPlan | null,
  readAt: string,
  event: WebhookEvent,
  claimEmail = false,
): Promise<'applied' | 'stale' | 'claimed'> {
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [{ Update: planWrite(userId, plan, readAt) }, webhookPut(event), ...(claimEmail ? [eventEmailClaim(event)] : [])],
        }),
    );
    return 'applied';
  } catch (err) {
    const reasons = cancellation(err);
    if (reasons?.[2] === 'ConditionalCheckFailed') return 'claimed';
    if (reasons?.[0] === 'ConditionalCheckFailed') return 'stale';
    throw err;
  }
}

/** Claims an event's e-mail and records the event as applied, in one write; false when the e-mail was claimed before. */
export async function claimEventEmail(event: WebhookEvent): Promise<boolean> {
  return writeIf(() => new TransactWriteCommand({ TransactItems: [eventEmailClaim(event), webhookPut(event)] }));
}
