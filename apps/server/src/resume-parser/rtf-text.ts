/** Groups whose text is not document text (RTF 1.9.1 destinations). */
const SKIP = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'themedata',
  'datastore',
  'latentstyles',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'mmathPr',
  'filetbl',
  'revtbl',
  'fldinst',
  'bkmkstart',
  'bkmkend',
]);
const BREAKS: Record<string, string> = {
  par: '\n',
  line: '\n',
  row: '\n',
  sect: '\n',
  page: '\n',
  tab: '\t',
  cell: '\t',
  bullet: '•',
  endash: '–',
  emdash: '—',
  lquote: '‘',
  rquote: '’',
  ldblquote: '“',
  rdblquote: '”',
  emspace: ' ',
  enspace: ' ',
};
const CP1252: Record<number, string> = { 128: '€', 145: '‘', 146: '’', 147: '“', 148: '”', 150: '–', 151: '—', 149: '•' };

/** Plain text of an RTF document: control words dropped, \par as line breaks, \' and \u escapes decoded. */
export function rtfToText(src: string, maxChars = 500_000): string {
  let out = '';
  const stack: Array<{ skip: boolean; uc: number }> = [];
  let skip = false;
  let uc = 1;
  let pendingSkip = 0;
  const emit = (t: string) => {
    if (pendingSkip > 0) {
      pendingSkip--;
      return;
    }
    if (!skip) out += t;
  };
  for (let i = 0; i < src.length && out.length < maxChars; i++) {
    const ch = src[i];
    if (ch === '{') {
      stack.push({ skip, uc });
      if (stack.length > 200) break;
    } else if (ch === '}') {
      const s = stack.pop();
      if (s) ({ skip, uc } = s);
    } else if (ch === '\\') {
      const next = src[i + 1];
      if (next === '\\' || next === '{' || next === '}') {
        emit(next);
        i++;
      } else if (next === "'") {
        const code = Number.parseInt(src.slice(i + 2, i + 4), 16);
        if (!Number.isNaN(code)) emit(CP1252[code] ?? String.fromCharCode(code));
        i += 3;
      } else if (next === '*') {
        skip = true;
        i++;
      } else if (next === '~') {
        emit(' ');
        i++;
      } else if (next === '\n' || next === '\r') {
        emit('\n');
        i++;
      } else {
        const m = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(src.slice(i + 1, i + 45));
        if (!m) continue;
        i += m[0].length;
        const word = m[1];
        const arg = m[2] === undefined ? null : Number(m[2]);
        if (SKIP.has(word)) skip = true;
        else if (word === 'uc' && arg !== null) uc = arg;
        else if (word === 'u' && arg !== null) {
          emit(String.fromCharCode(arg < 0 ? arg + 65536 : arg));
          pendingSkip = uc;
        } else if (BREAKS[word]) emit(BREAKS[word]);
      }
    } else if (ch !== '\r' && ch !== '\n') {
      emit(ch);
    }
  }
  return out;
}
