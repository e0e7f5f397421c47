/**
 * The new text of a reply, without the history its mail program quoted below it: everything from the
 * first quote header ("On … wrote:", possibly over two lines; "-----Original Message-----"; a
 * forwarded "From:" block under an underscore rule or a blank line) is dropped, then any trailing
 * "> " lines. A reply that is only a quote keeps its text (nothing would be left to read).
 */
const HEADERS = [
  /^On\b.{0,300}\bwrote:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^_{10,}\s*$/,
  /^Le\b.{0,300}\ba écrit\s*:\s*$/i,
  /^Am\b.{0,300}\bschrieb\b.{0,100}:\s*$/i,
];

export function stripQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let cut = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const twoLines = i + 1 < lines.length ? `${line} ${lines[i + 1].trim()}` : line;
    if (HEADERS.some((h) => h.test(line))) {
      cut = i;
      break;
    }
    // "On Mon, 3 Mar 2025 at 10:00, Jane Doe <jane@x.com>" / "wrote:" split by the mail program's wrapping.
    if (/^On\b/i.test(line) && HEADERS[0].test(twoLines)) {
      cut = i;
      break;
    }
    if (
      /^From:\s/i.test(line) &&
      (i === 0 || lines[i - 1].trim() === '') &&
      lines.slice(i + 1, i + 5).some((l) => /^(Sent|Date|To|Subject):\s/i.test(l.trim()))
    ) {
      cut = i;
      break;
    }
  }
  const kept = lines.slice(0, cut);
  while (kept.length && (kept[kept.length - 1].trim() === '' || kept[kept.length - 1].trim().startsWith('>'))) kept.pop();
  const out = kept.join('\n').trim();
  return out || text.trim();
}
