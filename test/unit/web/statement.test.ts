import { describe, expect, it } from 'vitest';
import { isMonth, monthName, shiftMonth, statementCsv } from '../../../web/src/features/earnings/utils/statement';

describe("a pro's statement", () => {
  it('names months as yyyy-mm and steps across years', () => {
    expect(['2026-01', '2026-12'].every(isMonth)).toBe(true);
    expect(['2026-00', '2026-13', '2026-1', '26-01', ''].some(isMonth)).toBe(false);
    expect([shiftMonth('2026-01', -1), shiftMonth('2026-12', 1), shiftMonth('2026-03', -14)]).toEqual(['2025-12', '2027-01', '2025-01']);
    expect(monthName('2026-11')).toBe('November 2026');
  });

  it('is a CSV row per entry, with each earning’s state and each payout’s PayPal transaction; formulas made inert', () => {
    const entry = { priceCents: null, margin: null, earning: null, payout: null };
    const csv = statementCsv({
      month: '2026-11',
      entries: [
        {
          ...entry,
          id: 'e1',
          kind: 'earning',
          amountCents: 2400,
          description: 'Earned for feedback to Mia on "=HYPERLINK()"',
          createdAt: '2026-11-02T10:00:00.000Z',
          earning: { state: 'held', availableAt: '2026-11-09T10:00:00.000Z', disputed: false },
        },
        {
          ...entry,
          id: 'e2',
          kind: 'payout',
          amountCents: -2400,
          description: '=SUM(A1)',
          createdAt: '2026-11-20T10:00:00.000Z',
          payout: { id: 'po1', email: 'p@example.test', status: 'paid', transactionId: 'TX9' },
        },
      ],
      totals: { earnedCents: 2400, reversedCents: 0, paidOutCents: -2400, returnedCents: 0, adjustedCents: 0, netCents: 0 },
    });
    expect(csv.split('\r\n')).toEqual([
      'date,kind,amount_cents,currency,description,state,available_at,payout_id,paypal_transaction',
      '2026-11-02T10:00:00.000Z,earning,2400,USD,"Earned for feedback to Mia on ""=HYPERLINK()""",held,2026-11-09T10:00:00.000Z,,',
      "2026-11-20T10:00:00.000Z,payout,-2400,USD,'=SUM(A1),paid,,po1,TX9",
      '',
    ]);
  });
});
