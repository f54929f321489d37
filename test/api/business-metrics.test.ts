/**
 * The business metrics the alarms and the dashboard read, each counted where it happens: found in the
 * local log collector (the stand-in for CloudWatch Logs, which reads metrics out of the same EMF lines).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { TELEMETRY } from '../../shared/constants.js';
import { callRoute, createConfirmedUser } from '../support/stack-kit.js';
import { collected, metricsOf, type CollectedEntry } from '../support/metrics.js';
import { onboard, uploadTrack } from '../support/flows.js';

const stack = inject('stack');

describe('business metrics', () => {
  it('counts a payment webhook refused for its signature, PayPal and Stripe alike, and a junk POST apart (no alarm)', async () => {
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const shaped = {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-forged',
      'paypal-transmission-id': randomUUID(),
      'paypal-transmission-sig': 'forged',
      'paypal-transmission-time': now,
    };
    for (const [route, headers, metric] of [
      ['stripeWebhook', { 'stripe-signature': 't=1,v1=forged' }, 'WebhooksMalformed'],
      ['paypalWebhook', { 'paypal-transmission-id': 'forged', 'paypal-transmission-sig': 'forged' }, 'WebhooksMalformed'],
      ['stripeWebhook', { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}` }, 'WebhooksRejected'],
      ['paypalWebhook', shaped, 'WebhooksRejected'],
    ] as const) {
      const id = randomUUID();
      const res = await callRoute(
        stack.apiUrl,
        route,
        {},
        undefined,
        JSON.stringify({ id: `evt_${randomUUID()}`, type: 'anything', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }),
        { ...headers, [TELEMETRY.correlationHeader]: id },
      );
      expect(res.status, route).toBe(400);
      const other = metric === 'WebhooksRejected' ? 'WebhooksMalformed' : 'WebhooksRejected';
      const counted = await metricsOf(stack.logsUrl, id, metric);
      expect(counted, `${route} ${metric}`).toMatchObject({ [metric]: 1 });
      expect(counted[other], `${route} not ${other}`).toBeUndefined();
    }
  });

  it('counts an upload processed, under the processing run that did it', async () => {
    const user = await createConfirmedUser(stack, { prefix: 'metrics-upload' });
    const userId = await onboard(stack, user, 'musician');
    await uploadTrack(stack, user, 'Counted Upload');
    const mine = (e: CollectedEntry) => String(e.line.upload).startsWith(`uploads/${userId}/`);
    const line = (await collected(stack.logsUrl, { message: 'Upload processed' }, (es) => es.some(mine))).find(mine)!;
    expect(line.line.outcome).toBe('ready');
    // The user's file name stays out of the log.
    expect(line.line.upload).not.toContain('Counted');
    expect(await metricsOf(stack.logsUrl, line.correlationId!, 'UploadsProcessed')).toMatchObject({ UploadsProcessed: 1 });
  });

  it('counts a completed review', async () => {
    const [musician, reviewer] = await Promise.all([createConfirmedUser(stack), createConfirmedUser(stack)]);
    await onboard(stack, musician, 'musician');
    const reviewerId = await onboard(stack, reviewer, 'musician');
    const track = await uploadTrack(stack, musician, 'Reviewed');
    const share = (
      await callRoute(
        stack.apiUrl,
        'createShare',
        { sharedWithId: reviewerId, trackId: track.id, shareOptions: { feedbackNotes: 'Notes', context: 'mix_check', categories: [] } },
        musician.idToken,
      )
    ).body;
    await callRoute(stack.apiUrl, 'respondToShare', { id: share.id, status: 'accepted' }, reviewer.idToken);
    const id = randomUUID();
    const res = await callRoute(
      stack.apiUrl,
      'submitFeedback',
      { id: share.id, criteria: { energyImpact: 4 }, comment: 'Solid.' },
      reviewer.idToken,
      undefined,
      {
        [TELEMETRY.correlationHeader]: id,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await metricsOf(stack.logsUrl, id, 'FeedbackCompleted', 'EmailsSent')).toMatchObject({ FeedbackCompleted: 1, EmailsSent: 1 });
  });
});
