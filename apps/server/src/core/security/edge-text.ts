/**
 * Text checked at the edge: PostgreSQL cannot store a NUL byte in text, and a
 * lone UTF-16 surrogate cannot be encoded as UTF-8 (it broke the activity log's JSON). Both are
 * refused with a 400 that names the field before any query runs. JSON nested deeper than the limit
 * is refused the same way (finding 13: 5,000 levels gave 500). Iterative, so depth cannot overflow the stack.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one; or NUL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
const BAD = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function findBadText(root: unknown, rootName: string, maxDepth: number): { field: string; tooDeep: boolean } | null {
  const stack: Array<{ v: unknown; path: string[]; depth: number }> = [{ v: root, path: [], depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop() as { v: unknown; path: string[]; depth: number };
    const field = () => (path.length ? path.join('.') : rootName);
    if (typeof v === 'string') {
      if (BAD.test(v)) return { field: field(), tooDeep: false };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    // Parsed JSON, query and params objects are walked; buffers and streams are not text.
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer || typeof (v as { pipe?: unknown }).pipe === 'function') continue;
    if (depth >= maxDepth) return { field: field(), tooDeep: true };
    for (const [k, child] of Object.entries(v)) {
      if (BAD.test(k)) return { field: field(), tooDeep: false };
      stack.push({ v: child, path: [...path, k], depth: depth + 1 });
    }
  }
  return null;
}
