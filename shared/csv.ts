/** CSV as spreadsheets read it: the ledger's export for admins and a pro's statement. */

/** A CSV cell: quoted when it must be, and text that a spreadsheet would run as a formula made inert. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the header first) as one CSV text, CRLF line ends (RFC 4180). */
export const csvText = (rows: (string | number | null | undefined)[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
