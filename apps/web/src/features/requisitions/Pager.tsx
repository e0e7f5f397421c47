import { Pagination } from '@mantine/core';

const LABELS: Record<string, string> = { previous: 'Previous page', next: 'Next page', first: 'First page', last: 'Last page' };

/** Pagination with named controls, shown only when there is more than one page. */
export function Pager({ total, pageSize, page, onChange }: { total: number; pageSize: number; page: number; onChange: (p: number) => void }) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return <Pagination total={pages} value={page} onChange={onChange} getControlProps={(control) => ({ 'aria-label': LABELS[control] ?? control })} />;
}
