import { widgetFont } from '@hh/contract/site-css';
import { addFontFaces, type EmbedData, renderWidget, wire } from '@hh/html/widget-embed';

/**
 * The data with the widget's font as drawn: a licensed name's free stand-in, its files loaded from the
 * widget's own server into the page's head (fonts are fetched in CORS mode; the server allows any origin).
 */
function withFont(data: EmbedData, base: string): EmbedData {
  if (!data.widget) return data;
  const font = widgetFont(data.widget.font, base);
  addFontFaces(document, font.faces);
  return { ...data, widget: { ...data.widget, font: font.family } };
}

/**
 * The embed script (`<script src=".../widget/script.js" data-widget-id="..." async>`): for each
 * such tag, fetch the widget's public data from the script's own server and render it into a
 * Shadow DOM right after the tag, so host styles and widget styles never meet. An unknown
 * widget, a page on a domain not allowed, or a network error shows nothing.
 */
function boot() {
  document.querySelectorAll<HTMLScriptElement>('script[data-widget-id]').forEach((tag) => {
    if (tag.dataset.hhDone) return;
    tag.dataset.hhDone = '1';
    const id = tag.dataset.widgetId ?? '';
    const base = new URL(tag.src, location.href).origin;
    const host = document.createElement('div');
    host.className = 'hh-wave-widget';
    tag.parentNode?.insertBefore(host, tag.nextSibling);
    fetch(`${base}/api/widget/public/${encodeURIComponent(id)}`, { credentials: 'omit' })
      .then((r) => (r.ok ? (r.json() as Promise<EmbedData>) : null))
      .then((data) => {
        const html = data?.widget ? renderWidget(withFont(data, base)) : '';
        if (!html) {
          host.remove();
          return;
        }
        const root = host.attachShadow({ mode: 'open' });
        root.innerHTML = html;
        wire(root);
      })
      .catch(() => host.remove());
  });
  // Server-rendered widgets (the iframe embed) only need their behaviour.
  for (const el of document.querySelectorAll('[data-hh-widget-root]')) wire(el);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
