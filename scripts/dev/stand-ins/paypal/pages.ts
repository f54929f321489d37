/** The buyer's pages' HTML (the approval page, the notices for stale links): inline CSS, no scripts, so they render the same offline. */
import { pageShell } from '../page-shell.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  :root { color-scheme: light; --ink: #001c64; --blue: #0070e0; --blue-dark: #003087; --muted: #545d68; --line: #dfe3eb; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f5f7fa; color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
  header { background: #fff; border-bottom: 1px solid var(--line); padding: 14px 20px; }
  .brand { font-weight: 800; font-size: 1.375rem; font-style: italic; letter-spacing: -0.02em; color: var(--blue-dark); }
  .brand span { color: #009cde; }
  main { max-width: 460px; margin: 32px auto; padding: 0 16px; }
  .card { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 28px 24px; box-shadow: 0 1px 3px rgba(0, 28, 100, 0.06); }
  h1 { font-size: 1.375rem; line-height: 1.3; margin: 0 0 8px; }
  .what { color: var(--muted); margin: 0 0 20px; overflow-wrap: anywhere; }
  .account { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; margin: 0 0 24px; font-size: 0.9375rem; }
  .account dt { color: var(--muted); font-size: 0.8125rem; }
  .account dd { margin: 0 0 8px; }
  .account dd:last-child { margin-bottom: 0; }
  form { margin: 0 0 12px; }
  form:last-of-type { margin-bottom: 0; }
  button { width: 100%; min-height: 48px; border-radius: 999px; font: inherit; font-weight: 700; cursor: pointer; padding: 10px 20px; }
  button:focus-visible { outline: 3px solid #ffbf00; outline-offset: 2px; }
  .primary { background: var(--blue); color: #fff; border: 2px solid var(--blue); }
  .primary:hover { background: var(--blue-dark); border-color: var(--blue-dark); }
  .secondary { background: #fff; color: var(--blue-dark); border: 2px solid var(--blue-dark); }
  .secondary:hover { background: #eef4fc; }
  .link { background: none; border: none; color: var(--blue); text-decoration: underline; min-height: 44px; }
  .note { color: var(--muted); font-size: 0.8125rem; text-align: center; margin: 20px 0 0; }
  @media (max-width: 420px) { main { margin: 16px auto; } .card { padding: 22px 16px; } }
`;

function layout(title: string, body: string): string {
  return pageShell({
    titleHtml: escape(title),
    css: STYLE,
    headerHtml: '<header><div class="brand">Pay<span>Pal</span></div></header>',
    mainHtml: `${body}\n<p class="note">Local PayPal stand-in: no real account is charged.</p>`,
  });
}

export interface ApprovalPageInput {
  token: string;
  /** The amount as PayPal shows it, e.g. "$30.00". */
  amount: string;
  /** Whom the buyer pays: the order's brand name. */
  payeeName: string;
  /** What is bought: the purchase unit's description, if any. */
  description?: string;
  buyerEmail: string;
  buyerName: string;
}

/** Each choice is its own form, posting the order's token as the field `token`. */
export function approvalPage(p: ApprovalPageInput): string {
  const heading = `Pay ${p.amount} to ${p.payeeName} with PayPal`;
  const token = escape(p.token);
  const choice = (action: string, label: string, cls: string) =>
    `<form method="post" action="/checkoutnow/${action}">
  <input type="hidden" name="token" value="${token}">
  <button type="submit" class="${cls}">${escape(label)}</button>
</form>`;
  return layout(
    `PayPal Checkout - ${heading}`,
    `<section class="card" aria-labelledby="heading">
<h1 id="heading">${escape(heading)}</h1>
${p.description ? `<p class="what">${escape(p.description)}</p>` : ''}
<dl class="account">
  <dt>Signed in as</dt><dd>${escape(p.buyerName)} (${escape(p.buyerEmail)})</dd>
  <dt>Pay with</dt><dd>PayPal balance</dd>
</dl>
${choice('approve', 'Approve', 'primary')}
${choice('decline', 'Approve with a declined card', 'secondary')}
${choice('cancel', 'Cancel', 'link')}
</section>`,
  );
}

/** A page for a link that cannot be used (unknown or finished order), or for a flow without a return URL. */
export function noticePage(title: string, message: string): string {
  return layout(
    title,
    `<section class="card" aria-labelledby="heading">
<h1 id="heading">${escape(title)}</h1>
<p class="what">${escape(message)}</p>
</section>`,
  );
}
