/** The buyer's pages (no token): the approval page `checkoutnow` opens, and its approve, decline and cancel forms. */
import { orderJson, payer } from './objects.js';
import { approvalPage, noticePage } from './pages.js';
import type { StoredOrder } from './records.js';
import type { Handler, Reply } from './requests.js';
import { BUYER, now, type StandinContext } from './store.js';

/** Appends query parameters, keeping the URL's own query and fragment as they are. */
function withQuery(target: string, params: Record<string, string>): string {
  const hashAt = target.indexOf('#');
  const base = hashAt < 0 ? target : target.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : target.slice(hashAt);
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${sep}${new URLSearchParams(params).toString()}${hash}`;
}

/** The buyer's pages' handlers. */
export function checkoutPageRoutes(standin: StandinContext) {
  const { state, save, log } = standin;

  function pageOrder(token: string | null): StoredOrder | Reply {
    const o = token ? state.orders[token] : undefined;
    if (!o) {
      return {
        status: 404,
        html: noticePage(
          'This checkout link is not valid',
          'There is no PayPal order for this link. Go back to the seller and start the payment again.',
        ),
      };
    }
    if (o.status === 'COMPLETED') {
      return {
        status: 409,
        html: noticePage('This order is already paid', 'The payment for this order has been completed. Nothing more to do here.'),
      };
    }
    return o;
  }

  const approvalPageRoute: Handler = (ctx) => {
    const o = pageOrder(ctx.url.searchParams.get('token'));
    if (!('id' in o)) return o;
    return {
      status: 200,
      html: approvalPage({
        token: o.id,
        amount: `$${o.unit.amount.value}`,
        payeeName: o.brandName ?? o.unit.soft_descriptor ?? 'the seller',
        description: o.unit.description,
        buyerEmail: BUYER.email,
        buyerName: `${BUYER.givenName} ${BUYER.surname}`,
      }),
    };
  };

  const approve =
    (declines: boolean): Handler =>
    (ctx) => {
      const o = pageOrder(ctx.form().get('token'));
      if (!('id' in o)) return o;
      if (o.status !== 'APPROVED') {
        o.status = 'APPROVED';
        o.payer = payer(standin);
        o.declines = declines;
        o.updateTime = now();
        save();
        log(`paypal: order ${o.id} approved by the buyer${declines ? ' with a card that will be declined' : ''}`);
        standin.emit('CHECKOUT.ORDER.APPROVED', 'checkout-order', 'An order has been approved by buyer', orderJson(standin, o));
      } else if (o.declines !== declines) {
        // Approving again only changes the funding the buyer chose; the order was already approved.
        o.declines = declines;
        save();
      }
      if (!o.returnUrl) return { status: 200, html: noticePage('Payment approved', 'Go back to the seller to finish your purchase.') };
      return { status: 303, location: withQuery(o.returnUrl, { token: o.id, PayerID: o.payer!.payer_id }) };
    };

  const cancel: Handler = (ctx) => {
    const o = pageOrder(ctx.form().get('token'));
    if (!('id' in o)) return o;
    if (!o.cancelUrl)
      return { status: 200, html: noticePage('Payment cancelled', 'You have not paid. Go back to the seller to try again.') };
    return { status: 303, location: withQuery(o.cancelUrl, { token: o.id }) };
  };

  return { approvalPageRoute, approve, cancel };
}
