/**
 * Impersonation through the local gateway: a token bound to the admin and the user, at most an hour,
 * honoured only beside the same admin's own token while they are in the admin group (asked live), never
 * for money, and every write audited with the real admin before it runs.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { IMPERSONATION_HEADER } from '../../shared/api/route.js';
import { callRoute, cognitoClient, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { onboard, testAdmin } from '../support/flows.js';
import { LOCAL_IMPERSONATION_KEY } from '../../scripts/dev/stack/local-names.js';

const stack = inject('stack');
let admin: TestUser;
let adminId: string;
let musician: TestUser;
let musicianId: string;

beforeAll(async () => {
  admin = await testAdmin(stack);
  adminId = (await callRoute(stack.apiUrl, 'getMe', {}, admin.idToken)).body.id;
  musician = await createConfirmedUser(stack, { fullName: 'Iris Impersonated' });
  musicianId = await onboard(stack, musician, 'musician');
});

const start = async (as = admin, userId = musicianId) => callRoute(stack.apiUrl, 'impersonate', { userId }, as.idToken);
const asUser = (token: string, name: Parameters<typeof callRoute>[1], input: Record<string, unknown> = {}, by = admin) =>
  callRoute(stack.apiUrl, name, input, by.idToken, undefined, { [IMPERSONATION_HEADER]: token });

/** Each route, asked while impersonating, refused with 403 and `error`. */
async function expectRefused(
  token: string,
  routes: readonly (readonly [Parameters<typeof callRoute>[1], Record<string, unknown>])[],
  error: { code: string; message: string },
) {
  for (const [name, input] of routes) {
    const res = await asUser(token, name, input);
    expect(res.status, name).toBe(403);
    expect(res.body.error).toEqual(error);
  }
}

describe('impersonation', () => {
  it('acts as the user, for at most an hour, and audits each write with the real admin', async () => {
    const started = await start();
    expect(started.status).toBe(200);
    expect(started.body.user).toEqual({ id: musicianId, fullName: 'Iris Impersonated', email: musician.email, type: 'musician' });
    const lifetime = Date.parse(started.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(55 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    const token = started.body.token as string;

    const me = await asUser(token, 'getMe');
    expect(me.body).toMatchObject({ id: musicianId, type: 'musician', isAdmin: false });
    // Acting as a musician, admin routes are closed.
    expect((await asUser(token, 'listUsers')).status).toBe(403);

    const saved = await asUser(token, 'updateProfile', { bio: 'Fixed by support' });
    expect(saved.status).toBe(200);
    expect((await callRoute(stack.apiUrl, 'getMe', {}, musician.idToken)).body.bio).toBe('Fixed by support');
    const refused = await asUser(token, 'updateProfile', { availability: 'never' });
    expect(refused.status).toBe(400);

    const audit = (await callRoute(stack.apiUrl, 'listAudit', {}, admin.idToken)).body.entries as {
      adminId: string;
      targetId: string;
      action: string;
      status: number | null;
    }[];
    const mine = audit.filter((e) => e.adminId === adminId && e.targetId === musicianId);
    expect(mine.slice(0, 3).map((e) => [e.action, e.status])).toEqual([
      ['updateProfile', 400],
      ['updateProfile', 200],
      ['impersonate', 200],
    ]);
    // Reads are not audited.
    expect(mine.some((e) => e.action === 'getMe')).toBe(false);
  });

  it('moves no money', async () => {
    const { body } = await start();
    const moneyRoutes = [
      ['createOrder', { proUserId: musicianId, trackId: 'x', feedbackPrice: 30 }],
      ['captureOrder', { orderId: 'x' }],
      ['createCheckoutSession', { priceId: 'x' }],
      ['createPortalSession', {}],
    ] as const;
    await expectRefused(body.token, moneyRoutes, {
      code: 'impersonation_no_money',
      message: 'Payments, plans and refunds are not available while impersonating.',
    });
  });

  it("gives no report and publishes no review in the user's name", async () => {
    const { body } = await start();
    const shareId = randomUUID();
    const ownWord = [
      ['reportReview', { id: shareId, reason: 'did_not_listen', text: 'The reviewer never played the track.' }],
      ['makePublicLink', { id: shareId }],
    ] as const;
    // Not a code that ends the impersonation in the app (impersonation_forbidden, impersonation_ended): the admin stays.
    await expectRefused(body.token, ownWord, {
      code: 'not_while_impersonating',
      message: 'Reports and public links speak for the user: they are not available while impersonating.',
    });
    // Taking a published review down protects the user: allowed (the share is unknown here, so 404).
    expect((await asUser(body.token, 'revokePublicLink', { id: shareId })).status).toBe(404);
  });

  it("refuses tokens that are forged, expired, someone else's, or shown by a non-admin", async () => {
    const { body } = await start();
    const [prefix, payload, signature] = (body.token as string).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forge = (c: object, key = 'not-the-key-not-the-key-not-the-key!') => {
      const p = Buffer.from(JSON.stringify(c)).toString('base64url');
      return `${prefix}.${p}.${createHmac('sha256', key).update(`${prefix}.${p}`).digest('base64url')}`;
    };
    const other = await createConfirmedUser(stack);
    const otherId = await onboard(stack, other, 'musician');
    for (const token of [
      `${prefix}.${Buffer.from(JSON.stringify({ ...claims, sub: otherId })).toString('base64url')}.${signature}`,
      forge({ ...claims, sub: otherId }),
      forge({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }, LOCAL_IMPERSONATION_KEY),
      'garbage',
    ]) {
      const res = await asUser(token, 'getMe');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('impersonation_ended');
    }
    // Another admin cannot use it.
    const secondAdmin = await createConfirmedUser(stack, { admin: true, prefix: 'admin2' });
    expect((await asUser(body.token, 'getMe', {}, secondAdmin)).body.error.code).toBe('impersonation_ended');
    // The user themselves (or anyone not an admin) gets nothing from it.
    expect((await asUser(body.token, 'getMe', {}, musician)).status).toBe(403);
    // Nobody impersonates an admin; a non-admin cannot start.
    expect((await start(admin, (await callRoute(stack.apiUrl, 'getMe', {}, secondAdmin.idToken)).body.id)).status).toBe(403);
    expect((await start(musician, otherId)).status).toBe(403);
    expect((await start(admin, 'no-such-user')).status).toBe(404);
  });

  it('ends the moment the admin leaves the admin group, though their token still names it', async () => {
    const temp = await createConfirmedUser(stack, { admin: true, prefix: 'tempadmin' });
    const { body } = await start(temp);
    expect((await asUser(body.token, 'getMe', {}, temp)).status).toBe(200);
    await cognitoClient(stack).send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId: stack.userPoolId, Username: temp.email, GroupName: 'admin' }),
    );
    try {
      const res = await asUser(body.token, 'getMe', {}, temp);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('impersonation_forbidden');
    } finally {
      await cognitoClient(stack).send(
        new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: temp.email, GroupName: 'admin' }),
      );
    }
  });
});
