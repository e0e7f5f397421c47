import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * Renders a page preview inside an iframe (its own document, so the site's stylesheet cannot touch
 * the portal and the viewport width is the one chosen: 390 px for mobile, full width for desktop).
 */
export function SiteFrame({ width, title, children }: { width: number | '100%'; title: string; children: ReactNode }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(800);
  useEffect(() => {
    const doc = ref.current?.contentDocument;
    if (!doc) return;
    doc.open();
    doc.write(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body></body></html>',
    );
    doc.close();
    setBody(doc.body);
    const obs = new ResizeObserver(() => setHeight(Math.max(600, doc.documentElement.scrollHeight)));
    obs.observe(doc.body);
    return () => obs.disconnect();
  }, []);
  return (
    <iframe
      ref={ref}
      title={title}
      data-testid="preview-frame"
      style={{
        width,
        maxWidth: '100%',
        height,
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 12,
        background: '#fff',
        display: 'block',
        margin: '0 auto',
      }}
    >
      {body ? createPortal(children, body) : null}
    </iframe>
  );
}
