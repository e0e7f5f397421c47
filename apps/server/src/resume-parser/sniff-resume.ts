/**
 * Resume type from the bytes, never from the name or the browser's claim (both are the uploader's to fake):
 * PDF, DOCX (a ZIP holding word/), DOC (OLE2 compound file), RTF, or plain UTF-8 text.
 */
export type ResumeKind = { ext: 'pdf' | 'docx' | 'doc' | 'rtf' | 'txt'; contentType: string };

const starts = (b: Buffer, sig: number[] | string) => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return b.length >= bytes.length && b.subarray(0, bytes.length).equals(bytes);
};

export function sniffResume(b: Buffer): ResumeKind | null {
  if (b.length === 0) return null;
  if (starts(b, '%PDF-')) return { ext: 'pdf', contentType: 'application/pdf' };
  if (starts(b, [0x50, 0x4b, 0x03, 0x04])) {
    // ZIP: a Word document names [Content_Types].xml and word/ parts in its (uncompressed) headers.
    const names = b.toString('latin1');
    if (names.includes('[Content_Types].xml') && names.includes('word/')) {
      return { ext: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
    }
    return null;
  }
  if (starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { ext: 'doc', contentType: 'application/msword' };
  if (starts(b, '{\\rtf')) return { ext: 'rtf', contentType: 'application/rtf' };
  // Plain text: valid UTF-8 with no NUL or other binary control bytes.
  if (b.includes(0)) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(0, 64 * 1024));
  if (text.includes('\uFFFD')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: detecting binary content
  if (/[\u0001-\u0008\u000e-\u001f]/.test(text)) return null;
  return { ext: 'txt', contentType: 'text/plain; charset=utf-8' };
}
