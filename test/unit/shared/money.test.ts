import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsOfDecimal, decimalAmount, formatCents, formatPrice, splitPrice } from '../../../shared/money.js';

describe('splitPrice', () => {
  it("gives the spec's credit: price x (1 - margin)", () => {
    expect(splitPrice(3000, 0.2)).toEqual({ earningCents: 2400, feeCents: 600 });
    expect(splitPrice(1500, 0.2)).toEqual({ earningCents: 1200, feeCents: 300 });
    expect(splitPrice(9000, 0.25)).toEqual({ earningCents: 6750, feeCents: 2250 });
    expect(splitPrice(3000, 0)).toEqual({ earningCents: 3000, feeCents: 0 });
    expect(splitPrice(3000, 1)).toEqual({ earningCents: 0, feeCents: 3000 });
  });

  it('rounds the earning to the cent where floating point would not land on one (1050 x 0.7)', () => {
    expect(splitPrice(1050, 0.3)).toEqual({ earningCents: 735, feeCents: 315 });
    expect(splitPrice(1999, 0.123)).toEqual({ earningCents: 1753, feeCents: 246 });
  });

  it('rounds a half cent up, the same way for every price to $200 and every margin step of 0.1%', () => {
    expect(splitPrice(1075, 0.06)).toEqual({ earningCents: 1011, feeCents: 64 });
    let halves = 0;
    for (let tenths = 0; tenths <= 1000; tenths++) {
      const margin = tenths / 1000;
      for (let price = 0; price <= 20_000; price++) {
        // Exact: price x (1000 - tenths) / 1000, rounded half up, in integers.
        const exact = price * (1000 - tenths);
        if (exact % 1000 === 500) halves++;
        const expected = Math.floor((exact + 500) / 1000);
        const { earningCents, feeCents } = splitPrice(price, margin);
        if (earningCents !== expected || feeCents !== price - expected) {
          throw new Error(`${price} cents at ${tenths / 10}%: ${earningCents} + ${feeCents}, expected ${expected}`);
        }
      }
    }
    // The half-cent cases the rule is about are there to be tested.
    expect(halves).toBeGreaterThan(13_000);
  });

  it('never loses or makes a cent: earning + fee = price, both whole and within it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (price, margin) => {
        const { earningCents, feeCents } = splitPrice(price, margin);
        return (
          Number.isInteger(earningCents) &&
          Number.isInteger(feeCents) &&
          earningCents + feeCents === price &&
          earningCents >= 0 &&
          earningCents <= price
        );
      }),
    );
  });

  it('refuses what is not an amount or a margin', () => {
    expect(() => splitPrice(10.5, 0.2)).toThrow();
    expect(() => splitPrice(-1, 0.2)).toThrow();
    expect(() => splitPrice(100, 1.2)).toThrow();
    expect(() => splitPrice(100, Number.NaN)).toThrow();
  });
});

describe('amounts as text', () => {
  it('formats cents as the product shows them', () => {
    expect(formatCents(3000)).toBe('$30.00');
    expect(formatCents(-2400)).toBe('-$24.00');
    expect(formatPrice(3000)).toBe('$30');
    expect(formatPrice(1250)).toBe('$12.50');
  });

  it("converts to and from the providers' decimal strings without floating point", () => {
    expect(decimalAmount(3000)).toBe('30.00');
    expect(centsOfDecimal('30.00')).toBe(3000);
    expect(centsOfDecimal('0.1')).toBe(10);
    expect(centsOfDecimal('1234567.89')).toBe(123456789);
    expect(() => centsOfDecimal('1e3')).toThrow();
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (c) => centsOfDecimal(decimalAmount(c)) === c));
  });
});
