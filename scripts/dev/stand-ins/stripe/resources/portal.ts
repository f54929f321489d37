/** The billing portal sessions API: a session is a link to the hosted portal page for one customer. */
import { expand } from '../expand.js';
import { renderPortal } from '../objects/portal.js';
import { checkUrl, type Params } from '../params.js';
import type { Json, PortalRec } from '../records.js';
import { findCustomer, newId, nowS, type StandinContext } from '../store.js';

export function createPortal(standin: StandinContext, p: Params): Json {
  const customer = findCustomer(standin, p.req('customer'), 'customer');
  const returnUrl = checkUrl(p, 'return_url') ?? null;
  p.raw('configuration');
  p.raw('flow_data');
  p.raw('locale');
  const session: PortalRec = { id: newId('bps'), seq: ++standin.state.seq, created: nowS(), customer: customer.id, returnUrl };
  standin.state.portalSessions[session.id] = session;
  return expand(standin, renderPortal(standin, session), p);
}
