/**
 * Monthly plans end to end on the local stack: the real API, the local Stripe stand-in (reached by the
 * real `stripe` SDK; its hosted Checkout and portal pages driven as a browser posts their forms; webhooks
 * signed as Stripe signs them), DynamoDB Local and the local SES.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  callRoute,
  createConfirmedUser,
  flows,
  listEmails,
  standInControl,
  type TestUser,
  until,
  useStackEnvironment,
  waitForEmail,
} from '../support/stack-kit.js';
import { wavBytes } from '../support/audio.js';
import { LOCAL_PAYMENT_SECRETS } from '../../scripts/dev/stack/local-names.js';

const stack = inject('stack');
const CARD = { cardExpiry: '12 / 34', cardCvc: '123', billingName: 'Test Payer' };

beforeAll(() => useStackEnvironment(stack));

async function newMusician(name: string) {
  const user = await createConfirmedUser(stack, { fullName: name });
  const id = await flows.onboard(stack, user, 'musician');
  return { user, id };
}

const plans = async (user: TestUser) => {
  const res = await callRoute(stack.apiUrl, 'listPlans', {}, user.idToken);
  expect(res.status).toBe(200);
  return res.body as {
    plans: { id: string; name: string; popular: boolean; price: { id: string; amount: number }; features: { name: string }[] }[];
    currentPlanId: string | null;
    canManage: boolean;
    subscription: { status: string } | null;
  };
};

const priceOf = async (user: TestUser, planId: string) => (await plans(user)).plans.find((p) => p.id === planId)!.price.id;

/** Pays a checkout as a person does on the hosted page; returns the page's answer. */
async function payCheckout(url: string, email: string, cardNumber: string) {
  return fetch(url, { method: 'POST', body: new URLSearchParams({ email, cardNumber, ...CARD }), redirect: 'manual' });
}

async function subscribe(user: TestUser, planId: string) {
  const res = await callRoute(stack.apiUrl, 'createCheckoutSession', { priceId: await priceOf(user, planId) }, user.idToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.url.startsWith(`${stack.stripeUrl}/checkout/`)).toBe(true);
  const paid = await payCheckout(res.body.url, user.email, '4242 4242 4242 4242');
  expect(paid.status).toBe(303);
  const back = new URL(paid.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${stack.appUrl}/settings`);
  return back;
}

const currentPlan = async (user: TestUser) => (await plans(user)).currentPlanId;
const waitForPlan = (user: TestUser, planId: string) =>
  until(
    `plan of ${user.email}`,
    () => currentPlan(user),
    (p) => p === planId,
  );

const local = (path: string, body?: unknown) => standInControl(stack.stripeUrl, path, body);

async function stripeGet(path: string) {
  const res = await fetch(new URL(path, stack.stripeUrl), {
    headers: { authorization: `Bearer ${LOCAL_PAYMENT_SECRETS.stripeSecretKey}` },
  });
  return res.json() as Promise<any>;
}

describe('plans', () => {
  it('lists the three demo plans cheapest first, with features and Most Popular; a new user is on the free plan', async () => {
    const { user } = await newMusician('Plan Reader');
    const list = await plans(user);
    expect(list.plans.map((p) => [p.name, p.price.amount])).toEqual([
      ['Free', 0],
      ['Plus', 900],
      ['Studio', 1900],
    ]);
    expect(list.plans.filter((p) => p.popular).map((p) => p.name)).toEqual(['Plus']);
    expect(list.plans[1].features.map((f) => f.name)).toContain('120 AI suggestions an hour');
    expect(list).toMatchObject({ currentPlanId: 'plan_free', canManage: false, subscription: null });
  });

  it('refuses a checkout for the free plan, for an unknown price, and without a billing account a portal', async () => {
    const { user } = await newMusician('Plan Refuser');
    expect(
      (await callRoute(stack.apiUrl, 'createCheckoutSession', { priceId: await priceOf(user, 'plan_free') }, user.idToken)).status,
    ).toBe(400);
    expect((await callRoute(stack.apiUrl, 'createCheckoutSession', { priceId: 'price_nope' }, user.idToken)).status).toBe(404);
    expect(await callRoute(stack.apiUrl, 'createPortalSession', {}, user.idToken)).toMatchObject({
      status: 409,
      body: { error: { code: 'no_billing_account' } },
    });
  });
});

describe('checkout and the portal', () => {
  it('the success card stores the plan; the portal switches it; cancelling there goes back to free', async () => {
    const { user } = await newMusician('Cora Card');
    await subscribe(user, 'plan_plus');
    await waitForPlan(user, 'plan_plus');
    const after = await plans(user);
    expect(after).toMatchObject({ canManage: true, subscription: { status: 'active' } });
    expect(
      await callRoute(stack.apiUrl, 'createCheckoutSession', { priceId: await priceOf(user, 'plan_plus') }, user.idToken),
    ).toMatchObject({
      status: 409,
      body: { error: { code: 'already_subscribed' } },
    });

    const portal = await callRoute(stack.apiUrl, 'createPortalSession', {}, user.idToken);
    expect(portal.status).toBe(200);
    const page = await (await fetch(portal.body.url)).text();
    expect(page).toContain('Plus');
    const studioPrice = await priceOf(user, 'plan_studio');
    const switched = await fetch(`${portal.body.url}/switch`, {
      method: 'POST',
      body: new URLSearchParams({ price: studioPrice }),
      redirect: 'manual',
    });
    expect(switched.status).toBe(303);
    await waitForPlan(user, 'plan_studio');

    const cancelled = await fetch(`${portal.body.url}/cancel`, { method: 'POST', body: new URLSearchParams({}), redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    const back = new URL(cancelled.headers.get('location')!);
    expect([back.pathname, back.search]).toEqual(['/settings', '?portal=return']);
    await waitForPlan(user, 'plan_free');
    expect((await plans(user)).subscription).toBeNull();
  });

  it('a declined card creates no subscription and leaves the free plan', async () => {
    const { user } = await newMusician('Dee Declined');
    const res = await callRoute(stack.apiUrl, 'createCheckoutSession', { priceId: await priceOf(user, 'plan_plus') }, user.idToken);
    const declined = await payCheckout(res.body.url, user.email, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    await new Promise((r) => setTimeout(r, 800));
    expect(await currentPlan(user)).toBe('plan_free');
  });

  it('events delivered out of order, and twice, converge on the subscription as it stands', async () => {
    const { user } = await newMusician('Olive Order');
    await local('/_local/webhooks', { paused: true });
    let customer: string;
    try {
      await subscribe(user, 'plan_plus');
      const portal = await callRoute(stack.apiUrl, 'createPortalSession', {}, user.idToken);
      await fetch(`${portal.body.url}/switch`, {
        method: 'POST',
        body: new URLSearchParams({ price: await priceOf(user, 'plan_studio') }),
        redirect: 'manual',
      });
      const { getUser } = await import('../../functions/people/data/users.js');
      customer = (await getUser((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.id))!.stripeCustomerId!;
      expect(customer).toMatch(/^cus_/);
      // Nothing delivered yet: the plan is still free.
      expect(await currentPlan(user)).toBe('plan_free');
      const events = (
        (await stripeGet('/v1/events?limit=100')).data as { id: string; type: string; data: { object: { customer?: string } } }[]
      ).filter((e) => e.data.object.customer === customer);
      expect(events.map((e) => e.type)).toEqual(
        expect.arrayContaining(['customer.subscription.created', 'checkout.session.completed', 'customer.subscription.updated']),
      );
      // Newest first from the list: the update (to Studio) lands before the creation (of Plus), then all again.
      for (const e of [...events, ...events.slice().reverse()]) await local(`/_local/events/${e.id}/deliver`, {});
    } finally {
      await local('/_local/webhooks', { paused: false });
    }
    expect(await currentPlan(user)).toBe('plan_studio');
  });

  it('refuses a webhook with a bad signature with 400 and changes nothing', async () => {
    const { user, id } = await newMusician('Fay Forged');
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.subscription.created',
      data: { object: { customer: 'cus_x', metadata: { userId: id } } },
    });
    for (const [signature, code] of [
      [`t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`, 'invalid_signature'],
      [undefined, 'missing_signature'],
      ['t=1,v1=forged', 'missing_signature'],
    ] as const) {
      const res = await fetch(new URL('/stripe/webhook', stack.apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect(await currentPlan(user)).toBe('plan_free');
  });

  it('a failed renewal e-mails the user once, however often the event is delivered', async () => {
    const { user } = await newMusician('Rene Renewal');
    await subscribe(user, 'plan_plus');
    await waitForPlan(user, 'plan_plus');
    const { getUser } = await import('../../functions/people/data/users.js');
    const record = (await getUser((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.id))!;
    const since = Date.now();
    await local(`/_local/subscriptions/${record.plan!.subscriptionId}/renew`, { fail: true });
    const mail = await waitForEmail(stack.mailUrl, user.email, /Your payment for Plus failed/, { since });
    expect(mail.body.text).toContain('$9.00');
    expect(mail.body.html).toContain('/settings');
    const failed = (
      (await stripeGet('/v1/events?type=invoice.payment_failed&limit=100')).data as { id: string; data: { object: { customer: string } } }[]
    ).find((e) => e.data.object.customer === record.stripeCustomerId)!;
    await local(`/_local/events/${failed.id}/deliver`, {});
    await local(`/_local/events/${failed.id}/deliver`, {});
    const sent = (await listEmails(stack.mailUrl, user.email)).filter((e) => /Your payment for Plus failed/.test(e.subject));
    expect(sent).toHaveLength(1);
    // Past due keeps the plan while Stripe retries.
    expect((await plans(user)).subscription?.status).toBe('past_due');
    expect(await currentPlan(user)).toBe('plan_plus');
  });
});

describe('plan limits', () => {
  it('a free musician past 30 AI suggestions an hour is told which plan lifts it, and upgrading lifts it', async () => {
    const { user, id } = await newMusician('Lim Limit');
    const shareId = await flows.acceptedRequest(stack, user, id);
    for (let i = 0; i < 30; i++)
      expect((await callRoute(stack.apiUrl, 'suggestComment', { text: `idea ${i}`, shareId }, user.idToken)).status).toBe(200);
    const over = await callRoute(stack.apiUrl, 'suggestComment', { text: 'one more', shareId }, user.idToken);
    expect(over).toMatchObject({ status: 409, body: { error: { code: 'plan_limit', upgradePlanId: 'plan_plus' } } });
    expect(over.body.error.message).toContain('Upgrade to Plus');
    await subscribe(user, 'plan_plus');
    await waitForPlan(user, 'plan_plus');
    expect((await callRoute(stack.apiUrl, 'suggestComment', { text: 'now it works', shareId }, user.idToken)).status).toBe(200);
  });

  it('the number of tracks a musician keeps is capped by their plan, before the upload is sent', async () => {
    const { user, id } = await newMusician('Tess Tracks');
    // A plan capped at 1 track (limits are data: copied from the plan onto the subscriber by the webhook).
    const { setPlan } = await import('../../functions/money/data/billing.js');
    await setPlan(
      id,
      {
        id: 'plan_tiny',
        name: 'Tiny',
        priceId: 'price_tiny',
        subscriptionId: 'sub_tiny',
        status: 'active',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        limits: { maxTracks: 1, suggestionsPerHour: 5 },
      },
      new Date().toISOString(),
    );
    const first = await flows.uploadTrack(stack, user, 'First', { seconds: 1 });
    const ticket = await callRoute(
      stack.apiUrl,
      'createUploadUrl',
      { filename: 'second.wav', contentType: 'audio/wav', size: 1000 },
      user.idToken,
    );
    expect(ticket).toMatchObject({ status: 409, body: { error: { code: 'plan_limit' } } });
    expect(ticket.body.error.message).toBe('Your Tiny plan allows 1 track. Upgrade to Plus ($9.00 a month) for 500 tracks.');
    // A new version of a kept track takes no room: the plan counts tracks, not their versions.
    const v2 = await flows.registerUpload(stack, user, wavBytes({ seconds: 1 }), 'v2.wav', 'First', 'audio/wav', first.id);
    expect(v2).toMatchObject({ status: 'ready', version: 2, stackId: first.id });
  });
});
