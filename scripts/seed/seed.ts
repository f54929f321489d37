/**
 * Seeds the demo accounts into the local user pool and table, and with fresh accounts the demo's tracks
 * and feedback. Idempotent: an account or record that exists is left as it is, and tracks a user deleted
 * do not come back on the next start. Local mode only: production never seeds.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../shared/constants.js';
import { createUser, getUser } from '../../functions/people/data/users.js';
import { fileApplication } from '../../functions/people/data/applications.js';
import { config } from '../../functions/lib/config.js';
import { ensureSettings } from '../../functions/platform/data/settings.js';
import { DEFAULT_MARGIN } from '../../shared/money.js';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from './demo-users.js';
import { seedDemoPoolRequest } from './demo-pool.js';
import { seedDemoFeedback } from './demo-feedback.js';
import { seedDemoImages } from './demo-images.js';
import { adjustBalance } from '../../functions/money/data/ledger.js';

/** What Paul can withdraw on a fresh demo, and why the ledger says he has it. */
export const DEMO_AVAILABLE_CENTS = 4800;
export const DEMO_EARNINGS_REASON = 'Demo earnings, available at once to try a payout';

async function ensureIdentity(client: CognitoIdentityProviderClient, userPoolId: string, u: DemoUser): Promise<string> {
  const sub = (attrs: { Name?: string; Value?: string }[] | undefined) => attrs?.find((a) => a.Name === 'sub')?.Value;
  try {
    const found = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: u.email }));
    return sub(found.UserAttributes)!;
  } catch (err) {
    if ((err as Error).name !== 'UserNotFoundException') throw err;
  }
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: u.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: u.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: u.fullName },
        { Name: 'preferred_username', Value: u.username },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: u.email, Password: DEMO_PASSWORD, Permanent: true }),
  );
  if (u.admin) {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: u.email, GroupName: ADMIN_GROUP }));
  }
  return sub(created.User?.Attributes)!;
}

export async function seedDemoData(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  if (!config.isLocal) throw new Error('Demo data is seeded in local mode only');
  // The configuration row with the demo's margin (an admin's later change is kept).
  await ensureSettings(DEFAULT_MARGIN);
  const created = new Map<string, string>();
  const pros: { email: string; id: string }[] = [];
  for (const u of DEMO_USERS) {
    const id = await ensureIdentity(client, userPoolId, u);
    if (u.type === 'pro') pros.push({ email: u.email, id });
    if (await getUser(id)) continue;
    created.set(u.email, id);
    const now = new Date().toISOString();
    const result = await createUser({
      id,
      email: u.email,
      fullName: u.fullName,
      username: u.username,
      type: u.type,
      typeChosen: true,
      genres: u.genres,
      costRange: u.costRange ?? null,
      experience: u.experience ?? null,
      feedbackPriceCents: u.feedbackPriceCents ?? null,
      ...(u.worldClass ? { worldClass: { reason: u.worldClass, at: now, by: 'seed' } } : {}),
      ...(u.takesPoolWork ? { takesPoolWork: true, focusAreas: u.focusAreas ?? [] } : {}),
      balanceCents: 0,
      bio: u.bio,
      ...u.profile,
      createdAt: now,
      updatedAt: now,
    });
    if (result === 'username_taken') throw new Error(`Demo username ${u.username} is taken by another account`);
    if (u.application) {
      await fileApplication({
        userId: id,
        fullName: u.fullName,
        email: u.email,
        username: u.username,
        status: 'pending',
        ...u.application,
        reason: null,
        submittedAt: now,
        decidedAt: null,
        decidedBy: null,
      });
    }
  }
  const [musician, peer, freePro] = ['musician@demo.test', 'musician2@demo.test', 'pro3@demo.test'].map((e) => created.get(e));
  if (musician && peer && freePro) await seedDemoFeedback({ musician, peer, freePro });
  if (peer) await seedDemoPoolRequest(peer);
  // Earnings are held a week after delivery: Paul starts with some available, so a payout can be tried at once.
  const paul = created.get('pro@demo.test');
  if (paul)
    await adjustBalance(paul, 0, DEMO_AVAILABLE_CENTS, { adminId: created.get('admin@demo.test') ?? 'seed', reason: DEMO_EARNINGS_REASON });
  await seedDemoImages(pros);
}
