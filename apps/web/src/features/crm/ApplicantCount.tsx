import { crmRoutes } from '@hh/contract/crm';
import { Anchor, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useApiQuery } from '../../lib/query.ts';

/** The client's applicant counts per job (one call for a whole list; cached by TanStack Query). */
export function useApplicantCounts(clientId: string | null) {
  const q = useApiQuery(crmRoutes.getApplicantCount, { query: { clientId: clientId ?? undefined } }, { enabled: !!clientId, silent: true });
  return new Map((q.data?.jobs ?? []).map((j) => [j.jobId, j]));
}

/** "2 new / 5" linking to the job's applications inbox (counts on the Jobs list and the job page). */
export function ApplicantCount({ counts, jobId, long = false }: { counts: ReturnType<typeof useApplicantCounts>; jobId: string; long?: boolean }) {
  const c = counts.get(jobId) ?? { total: 0, new: 0 };
  const text = long ? `Applicants: ${c.new} new / ${c.total} total` : `${c.new} new / ${c.total}`;
  return (
    <Anchor component={Link} to={`/harvest/applications?jobId=${jobId}`} size="sm" data-testid="applicant-count">
      {/* The name is the visible text (WCAG 2.5.3 label in name), with "applicants" for a screen reader. */}
      {text}
      {long ? null : <VisuallyHidden> applicants</VisuallyHidden>}
    </Anchor>
  );
}
