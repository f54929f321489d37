/** The local-only controls (not PayPal's; no token): health, verification counts, pausing webhook deliveries. */
import { badSyntax } from './errors.js';
import type { Handler } from './requests.js';
import type { StandinContext } from './store.js';
import type { PaypalWebhooks } from './webhooks.js';

/** The local controls' handlers. */
export function localControlRoutes(standin: StandinContext, webhooks: PaypalWebhooks) {
  const { state } = standin;

  const pendingEvents = () => state.events.filter((e) => e.status === 'PENDING').length;
  const verificationCount: Handler = (ctx) => {
    const eventId = ctx.url.searchParams.get('event_id') ?? '';
    return { status: 200, json: { event_id: eventId, calls: standin.verifications.get(eventId) ?? 0 } };
  };
  const health: Handler = () => ({ status: 200, json: { ok: true, webhooks_paused: webhooks.paused, pending_events: pendingEvents() } });
  /**
   * While paused, events raised are recorded but only a resend delivers them; deliveries (and retries)
   * already under way wait, and go on when delivery resumes.
   */
  const webhookControl: Handler = (ctx) => {
    if (ctx.method === 'POST') {
      const body = ctx.json();
      if (typeof body.paused !== 'boolean') throw badSyntax('/paused', body.paused);
      webhooks.setPaused(body.paused);
    }
    return { status: 200, json: { paused: webhooks.paused, url: webhooks.webhookUrl() ?? null } };
  };

  return { health, verificationCount, webhookControl };
}
