/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF line ends, and a leading apostrophe on a text cell
 * that starts with = + - @ (or a tab or carriage return), so a candidate's name can never run as
 * a formula when the file is opened (OWASP "CSV injection").
 */
export function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  // A byte-order mark, so Excel reads the file as UTF-8 (names with accents).
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** "2026-03-10 22:00": an instant as a spreadsheet reads it, in the report's time zone (named in the column's header). */
export function localStamp(at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
