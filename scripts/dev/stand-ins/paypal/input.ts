/** Checks of a request body's fields (strings, URLs, amounts) that refuse bad input with PayPal's errors. */
import { badSyntax, invalidRequest, missing, unprocessable } from './errors.js';
import type { Json } from './records.js';

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function optionalString(obj: Json, key: string, field: string, max: number): string | undefined {
  const v = obj[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badSyntax(field, v);
  if (v.length < 1 || v.length > max) {
    throw invalidRequest({
      field,
      value: v,
      issue: 'INVALID_STRING_LENGTH',
      description: `The value of a field is either too short or too long (1 to ${max} characters).`,
    });
  }
  return v;
}

export function optionalUrl(obj: Json, key: string, field: string): string | undefined {
  const v = optionalString(obj, key, field, 4000);
  if (v === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw badSyntax(field, v);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw badSyntax(field, v);
  return v;
}

/** A positive USD amount with exactly two decimals, in cents. */
export function parseAmount(amount: unknown, field: string): number {
  if (!isObject(amount)) throw amount === undefined ? missing(field) : badSyntax(field, JSON.stringify(amount));
  if (amount.currency_code === undefined) throw missing(`${field}/currency_code`);
  if (amount.value === undefined) throw missing(`${field}/value`);
  if (typeof amount.currency_code !== 'string') throw badSyntax(`${field}/currency_code`, amount.currency_code);
  const refuse = (part: string, value: string, issue: string, description: string) =>
    unprocessable({ field: `${field}/${part}`, value, location: 'body', issue, description });
  if (amount.currency_code !== 'USD') {
    throw refuse(
      'currency_code',
      amount.currency_code,
      'CURRENCY_NOT_SUPPORTED',
      'Currency code is not currently supported (this account takes USD only).',
    );
  }
  const value = amount.value;
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d+)?$/.test(value)) throw badSyntax(`${field}/value`, value);
  if (!/\.\d{2}$/.test(value)) throw refuse('value', value, 'DECIMAL_PRECISION', 'Give the value with two decimal places, e.g. "30.00".');
  const cents = Math.round(Number(value) * 100);
  if (cents <= 0) throw refuse('value', value, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
  return cents;
}
