/** Stripe's test cards, and the card form checked field by field as Checkout checks it. */
import type { CardField, CardFormValues } from './pages.js';
import { get, type CardRec } from './records.js';
import { newId } from './store.js';

const TEST_CARDS: Record<string, { brand: string; decline?: { code: string; declineCode: string; message: string } }> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '4000000000000002': {
    brand: 'visa',
    decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000000000009995': {
    brand: 'visa',
    decline: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000000069': { brand: 'visa', decline: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' } },
  '4000000000000127': {
    brand: 'visa',
    decline: { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
};
export const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

type CardCheck = { ok: true; card: CardRec } | { ok: false; status: 400 | 402; field: CardField; message: string };

/** The card form as Checkout validates it: field by field, then the card's own outcome. */
export function checkCard(form: Partial<CardFormValues>): CardCheck {
  const bad = (field: CardField, message: string, status: 400 | 402 = 400): CardCheck => ({ ok: false, status, field, message });
  const digits = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!digits) return bad('cardNumber', 'Your card number is incomplete.');
  const known = /^\d+$/.test(digits) ? get(TEST_CARDS, digits) : undefined;
  if (!known) return bad('cardNumber', 'Your card number is invalid.', 402);
  const exp = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec((form.cardExpiry ?? '').trim());
  const month = exp ? Number(exp[1]) : 0;
  if (!exp || month < 1 || month > 12) return bad('cardExpiry', "Your card's expiration date is incomplete.");
  const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  if (Date.UTC(year, month, 1) <= Date.now()) return bad('cardExpiry', "Your card's expiration date is in the past.");
  if (!/^\d{3,4}$/.test((form.cardCvc ?? '').trim())) return bad('cardCvc', "Your card's security code is incomplete.");
  if (!(form.billingName ?? '').trim()) return bad('billingName', 'Enter the name on your card.');
  if (known.decline) return bad('cardNumber', known.decline.message, 402);
  return { ok: true, card: { id: newId('pm'), brand: known.brand, last4: digits.slice(-4), expMonth: month, expYear: year } };
}
