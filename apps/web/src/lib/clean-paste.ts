/**
 * Cleans HTML pasted from Word or Google Docs before the rich-text editor reads it:
 * Word's conditional comments, <style>, <meta>, <o:p> and Mso classes go; Google Docs' outer
 * `<b id="docs-internal-guid-…">` wrapper (which is not bold) is unwrapped; bold and italic given
 * as inline styles become <strong>/<em>; every style, class and id attribute is dropped. What is
 * left is plain structure (paragraphs, headings, lists, links) that the editor's schema keeps.
 */
export function cleanPastedHtml(html: string): string {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[if[\s\S]*?<!\[endif\]>/gi, '');
  const doc = new DOMParser().parseFromString(withoutComments, 'text/html');
  for (const el of Array.from(doc.querySelectorAll('style, meta, link, script, title, xml'))) el.remove();
  // Word's namespaced tags (<o:p>, <w:…>) carry nothing to keep but their text.
  for (const el of Array.from(doc.body.querySelectorAll('*'))) if (el.tagName.includes(':')) unwrap(el);
  for (const el of Array.from(doc.body.querySelectorAll('b[id^="docs-internal-guid"]'))) unwrap(el);
  for (const el of Array.from(doc.body.querySelectorAll<HTMLElement>('[style]'))) {
    const style = el.getAttribute('style') ?? '';
    const bold = /font-weight\s*:\s*(bold|[6-9]00)/i.test(style) && !/^(B|STRONG|H\d)$/.test(el.tagName);
    const italic = /font-style\s*:\s*italic/i.test(style) && !/^(I|EM)$/.test(el.tagName);
    const normalWeightBold = el.tagName === 'B' && /font-weight\s*:\s*(normal|[1-4]00)/i.test(style);
    if (normalWeightBold) {
      unwrap(el);
      continue;
    }
    if (bold || italic) {
      let inner: HTMLElement = doc.createElement(bold ? 'strong' : 'em');
      const outer = inner;
      if (bold && italic) {
        inner = doc.createElement('em');
        outer.append(inner);
      }
      while (el.firstChild) inner.append(el.firstChild);
      el.append(outer);
    }
  }
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    for (const a of ['style', 'class', 'id', 'lang', 'align', 'dir']) el.removeAttribute(a);
  }
  // Empty paragraphs Word uses as spacing.
  for (const p of Array.from(doc.body.querySelectorAll('p'))) if (!p.textContent?.replace(/\u00a0/g, '').trim() && !p.querySelector('img,br')) p.remove();
  return doc.body.innerHTML;
}

function unwrap(el: Element) {
  el.replaceWith(...Array.from(el.childNodes));
}
