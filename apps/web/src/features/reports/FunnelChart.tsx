import { VisuallyHidden } from '@mantine/core';

export interface FunnelStep {
  label: string;
  count: number;
}

/** A round step for about four grid intervals: 1, 2, 3 or 5 times a power of ten (counts are whole). */
function tickStep(max: number): number {
  const raw = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(raw));
  return Math.max(1, Math.round(([1, 2, 3, 5, 10].find((m) => m * power >= raw) ?? 10) * power));
}

const ROW = 25;
const LABEL_WIDTH = 120;

/**
 * A horizontal bar chart of counts, drawn with plain elements (no charts library: Home shows it on
 * first load, and a charting library is over 100 KB). Screen readers read the same figures from a
 * table; the drawing is hidden from them.
 */
export function FunnelChart({ steps, caption }: { steps: FunnelStep[]; caption: string }) {
  const nf = new Intl.NumberFormat();
  const max = Math.max(0, ...steps.map((s) => s.count));
  const step = tickStep(max);
  // Room after the longest bar for its value: a fifth interval when it would reach the last tick.
  const intervals = max > step * 3.4 ? 5 : 4;
  const top = step * intervals;
  const ticks = Array.from({ length: intervals + 1 }, (_, i) => i * step);
  const at = (v: number) => `${(v / top) * 100}%`;
  return (
    <figure style={{ margin: 0 }}>
      <VisuallyHidden>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Candidates</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((s) => (
              <tr key={s.label}>
                <th scope="row">{s.label}</th>
                <td>{nf.format(s.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
      <div aria-hidden style={{ display: 'grid', gridTemplateColumns: `${LABEL_WIDTH}px 1fr`, fontSize: 12, color: 'var(--mantine-color-gray-7)' }}>
        <div>
          {steps.map((s) => (
            <div
              key={s.label}
              title={s.label}
              style={{
                height: ROW,
                lineHeight: `${ROW}px`,
                textAlign: 'right',
                paddingRight: 8,
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                textOverflow: 'ellipsis',
              }}
            >
              {s.label}
            </div>
          ))}
        </div>
        {/* The plot: dashed lines at each tick, one bar per step with its value after it; room on the right for the last label. */}
        <div style={{ position: 'relative', marginRight: 16, borderLeft: '1px solid var(--mantine-color-gray-4)' }}>
          {ticks.slice(1).map((t) => (
            <div key={t} style={{ position: 'absolute', top: 0, bottom: 0, left: at(t), borderLeft: '1px dashed var(--mantine-color-gray-3)' }} />
          ))}
          {steps.map((s) => (
            <div key={s.label} style={{ position: 'relative', height: ROW, display: 'flex', alignItems: 'center' }}>
              <div style={{ width: at(s.count), height: ROW - 6, background: 'var(--mantine-color-blue-6)', borderRadius: '0 2px 2px 0' }} />
              <span style={{ paddingLeft: 6 }}>{nf.format(s.count)}</span>
            </div>
          ))}
        </div>
        <div />
        <div style={{ position: 'relative', height: 24, marginRight: 16 }}>
          {ticks.map((t) => (
            <span key={t} style={{ position: 'absolute', top: 6, left: at(t), transform: 'translateX(-50%)' }}>
              {nf.format(t)}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}
