/** Leaves the app for Stripe (Checkout or the customer portal). Its own module so tests can stand in for it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
