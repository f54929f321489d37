/** Billing portal sessions rendered in Stripe's shape. */
import type { Json, PortalRec } from '../records.js';
import type { StandinContext } from '../store.js';

export function renderPortal(standin: StandinContext, p: PortalRec): Json {
  return {
    id: p.id,
    object: 'billing_portal.session',
    configuration: 'bpc_local',
    created: p.created,
    customer: p.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: p.returnUrl,
    url: `${standin.url}/portal/${p.id}`,
  };
}
