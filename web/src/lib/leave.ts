/** Leaves the app for another site (PayPal's approval page, Stripe's Checkout or portal). Its own module so tests can stand in for it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
