import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `/widget-preview?widgetId=` (guest route, widget-preview layout): the saved widget exactly as the
 * script embed renders it on a customer's page. Unknown ids show nothing.
 */
export default function WidgetPreview() {
  const [params] = useSearchParams();
  const id = params.get('widgetId') ?? '';
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !id) return;
    el.replaceChildren();
    const s = document.createElement('script');
    s.src = '/widget/script.js';
    s.async = true;
    s.dataset.widgetId = id;
    el.appendChild(s);
  }, [id]);
  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: 24 }}>
      <h1 style={{ position: 'absolute', left: -10000 }}>Widget preview</h1>
      <div ref={box} />
    </main>
  );
}
