/** The hosted pages' HTML (Checkout, customer portal, hosted invoice): inline CSS and no scripts, so they work offline and under test. */
import { pageShell } from '../page-shell.js';

/** Escapes text and double-quoted attribute values (apostrophes stay as typed: every attribute uses "). */
export const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export const MERCHANT = 'Snip';

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem 2.5rem}
.panel{background:#fff;border:1px solid #e3e8ee;border-radius:.75rem;padding:1.25rem;margin-top:1rem}
h1{font-size:1.375rem;line-height:1.3;margin:.25rem 0}
h2{font-size:1.0625rem;margin:0 0 .5rem}
p{margin:.25rem 0}
a{color:#4f46e5}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #818cf8;outline-offset:2px}
.merchant{font-weight:600;color:#4f566b;margin:0}
.price{font-size:1.125rem}
.price strong{font-size:1.75rem}
.muted{color:#4f566b;font-size:.875rem}
.test{background:#fff8e1;border:1px solid #f5d67b;border-radius:.5rem;padding:.5rem .75rem;font-size:.875rem;margin-top:1rem}
.error{background:#fdecea;border:1px solid #f1a9a0;color:#8a1c10;border-radius:.5rem;padding:.5rem .75rem;margin:1rem 0 0}
.warning{background:#fff4e5;border:1px solid #f0b35b;color:#7a4100;border-radius:.5rem;padding:.5rem .75rem;margin:.75rem 0 0}
label{display:block;font-weight:600;font-size:.9375rem;margin:1rem 0 .25rem}
input{display:block;width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #a3acb9;border-radius:.5rem;background:#fff;color:inherit}
input[readonly]{background:#f3f4f6}
input[aria-invalid=true]{border-color:#c0392b}
fieldset{border:0;padding:0;margin:1.25rem 0 0}
legend{padding:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
button{display:block;width:100%;min-height:2.75rem;font:inherit;font-weight:600;border:0;border-radius:.5rem;padding:.625rem 1rem;margin-top:1.25rem;background:#4f46e5;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #a3acb9;margin-top:.5rem}
button.danger{background:#fff;color:#b42318;border:1px solid #e4a29b}
.option{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.25rem .75rem;margin-top:.75rem}
.option button{width:auto;margin:0}
.back{display:inline-block;margin-bottom:.5rem}
.links{margin-top:1.5rem;text-align:center}
@media (min-width:48rem){main{padding-top:3rem}}
`;

function layout(title: string, body: string): string {
  return pageShell({ titleHtml: esc(title), css: CSS, mainHtml: body });
}

/** The card form's fields, named as on Stripe's hosted Checkout. */
export interface CardFormValues {
  email: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  billingName: string;
}
export type CardField = keyof CardFormValues;

const TEST_NOTE = `<p class="test"><strong>Test mode.</strong> Pay with 4242 4242 4242 4242, any future expiry and any CVC. 4000 0000 0000 0002 is declined.</p>`;

function cardFields(values: Partial<CardFormValues>, invalid?: CardField): string {
  const attr = (f: CardField) =>
    `id="${f}" name="${f}" value="${esc(values[f] ?? '')}"${invalid === f ? ' aria-invalid="true" aria-describedby="form-error"' : ''}`;
  return `<fieldset>
<legend class="muted">Card information</legend>
<label for="cardNumber">Card number</label>
<input ${attr('cardNumber')} type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row">
<div>
<label for="cardExpiry">Expiry</label>
<input ${attr('cardExpiry')} type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required>
</div>
<div>
<label for="cardCvc">CVC</label>
<input ${attr('cardCvc')} type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required>
</div>
</div>
</fieldset>
<label for="billingName">Name on card</label>
<input ${attr('billingName')} type="text" autocomplete="cc-name" required>`;
}

const errorBox = (error?: string) => (error ? `<p class="error" id="form-error" role="alert">${esc(error)}</p>` : '');

export interface CheckoutView {
  action: string;
  planName: string;
  /** e.g. '$9.00 per month' */
  priceText: string;
  quantity: number;
  email: string;
  /** The session names its customer or e-mail: shown, not editable, as Stripe does. */
  emailLocked: boolean;
  values: Partial<CardFormValues>;
  error?: string;
  invalidField?: CardField;
  cancelUrl: string | null;
}

export function checkoutPage(v: CheckoutView): string {
  const emailAttrs = `id="email" name="email" type="email" autocomplete="email" value="${esc(v.email)}"${v.emailLocked ? ' readonly' : ' required'}${v.invalidField === 'email' ? ' aria-invalid="true" aria-describedby="form-error"' : ''}`;
  return layout(
    `Subscribe to ${v.planName} · ${MERCHANT}`,
    `${v.cancelUrl ? `<a class="back" href="${esc(v.cancelUrl)}">&larr; Back to ${MERCHANT}</a>` : ''}
<p class="merchant">${MERCHANT}</p>
<h1>Subscribe to ${esc(v.planName)}</h1>
<p class="price" id="price">${esc(v.priceText)}</p>
${v.quantity > 1 ? `<p class="muted">Quantity: ${v.quantity}</p>` : ''}
${TEST_NOTE}
${errorBox(v.error)}
<form class="panel" method="post" action="${esc(v.action)}" novalidate>
<label for="email">Email</label>
<input ${emailAttrs}>
${cardFields(v.values, v.invalidField)}
<button type="submit">Subscribe</button>
</form>`,
  );
}

export interface PortalPlanView {
  subscription: string;
  planName: string;
  priceText: string;
  /** 'Renews on June 3, 2026' or 'Cancels on June 3, 2026' */
  renewalText: string;
  cancelAtPeriodEnd: boolean;
  /** The open invoice to pay when the last renewal failed. */
  pastDueInvoiceUrl: string | null;
  card: string | null;
}

export interface PortalView {
  actionBase: string;
  customerEmail: string | null;
  current: PortalPlanView | null;
  options: { price: string; label: string; priceText: string }[];
  returnUrl: string | null;
}

export function portalPage(v: PortalView): string {
  const c = v.current;
  const hidden = c ? `<input type="hidden" name="subscription" value="${esc(c.subscription)}">` : '';
  const plan = c
    ? `<section class="panel" aria-labelledby="current-plan">
<h2 id="current-plan">Current plan</h2>
<p class="price"><strong id="plan-name">${esc(c.planName)}</strong></p>
<p id="plan-price">${esc(c.priceText)}</p>
<p id="plan-renewal">${esc(c.renewalText)}</p>
${c.card ? `<p class="muted">${esc(c.card)}</p>` : ''}
${c.pastDueInvoiceUrl ? `<p class="warning" role="status">Your last payment failed. <a href="${esc(c.pastDueInvoiceUrl)}">Pay the open invoice</a></p>` : ''}
</section>
${
  v.options.length
    ? `<section class="panel" aria-labelledby="change-plan">
<h2 id="change-plan">Change plan</h2>
${v.options
  .map(
    (o) => `<form class="option" method="post" action="${esc(v.actionBase)}/switch">
${hidden}<input type="hidden" name="price" value="${esc(o.price)}">
<span>${esc(o.priceText)}</span>
<button type="submit">${esc(o.label)}</button>
</form>`,
  )
  .join('\n')}
</section>`
    : ''
}
<section class="panel" aria-labelledby="cancel-plan">
<h2 id="cancel-plan">Cancel</h2>
<p class="muted">Cancelling ends the plan at once.</p>
${c.cancelAtPeriodEnd ? `<form method="post" action="${esc(v.actionBase)}/resume">${hidden}<button type="submit" class="secondary">Keep plan</button></form>` : ''}
<form method="post" action="${esc(v.actionBase)}/cancel">${hidden}<button type="submit" class="danger">Cancel plan</button></form>
</section>`
    : `<section class="panel"><h2>Current plan</h2><p id="no-plan">You have no current plan.</p></section>`;
  return layout(
    `Billing · ${MERCHANT}`,
    `<p class="merchant">${MERCHANT}</p>
<h1>Billing</h1>
${v.customerEmail ? `<p class="muted">${esc(v.customerEmail)}</p>` : ''}
${plan}
${v.returnUrl ? `<p class="links"><a href="${esc(v.returnUrl)}">Return to ${MERCHANT}</a></p>` : ''}`,
  );
}

export interface InvoiceView {
  action: string;
  number: string;
  amountText: string;
  description: string;
  status: 'paid' | 'open';
  customerEmail: string | null;
  values: Partial<CardFormValues>;
  error?: string;
  invalidField?: CardField;
}

export function invoicePage(v: InvoiceView): string {
  const body =
    v.status === 'paid'
      ? `<p class="panel" role="status">This invoice is paid.</p>`
      : `${TEST_NOTE}
${errorBox(v.error)}
<form class="panel" method="post" action="${esc(v.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${esc(v.customerEmail ?? v.values.email ?? '')}" readonly>
${cardFields(v.values, v.invalidField)}
<button type="submit">Pay ${esc(v.amountText)}</button>
</form>`;
  return layout(
    `Invoice ${v.number} · ${MERCHANT}`,
    `<p class="merchant">${MERCHANT}</p>
<h1>Invoice ${esc(v.number)}</h1>
<p class="price"><strong>${esc(v.amountText)}</strong> ${v.status === 'paid' ? 'paid' : 'due'}</p>
<p class="muted">${esc(v.description)}</p>
${body}`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return layout(
    `${title} · ${MERCHANT}`,
    `<p class="merchant">${MERCHANT}</p>
<h1>${esc(title)}</h1>
<p>${esc(message)}</p>
${link ? `<p class="links"><a href="${esc(link.href)}">${esc(link.text)}</a></p>` : ''}`,
  );
}
