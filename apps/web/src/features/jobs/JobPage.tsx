import { jobRoutes } from '@hh/contract/jobs';
import { Anchor, Box, Group } from '@mantine/core';
import { NavLink, Outlet, useParams } from 'react-router';
import { ApplicantCount, useApplicantCounts } from '../crm/index.ts';
import { ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { jobLabel } from './job-label.ts';
import { jobTabs } from './job-tabs.ts';

/**
 * `/harvest/jobs/:jobId/*`: one job, its name as the heading, and its tabs (job-tabs.ts) as links, so
 * each tab has an address of its own (a board link can be shared; Back returns to the tab before).
 */
export default function JobPage() {
  const { jobId = '' } = useParams();
  const { clientId } = useSelectedClient();
  const applicants = useApplicantCounts(clientId);
  const job = useApiQuery(jobRoutes.getById, { query: { clientId: clientId ?? '', jobId } }, { enabled: !!clientId && !!jobId });
  if (job.isLoading) return <LoadingRows />;
  if (job.error) return <ErrorState error={job.error} onRetry={() => job.refetch()} />;
  const j = job.data;
  return (
    <>
      <PageHeader
        title={j ? jobLabel(j) : 'Job'}
        description={j ? [j.department, j.status].filter(Boolean).join(' · ') : undefined}
        actions={
          <>
            <ApplicantCount counts={applicants} jobId={jobId} long />
            {j?.status === 'open' ? (
              <Anchor href={j.url} target="_blank" rel="noreferrer">
                View on career site
              </Anchor>
            ) : null}
          </>
        }
      />
      <Box component="nav" aria-label="Job" mb="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', overflowX: 'auto' }}>
        <Group gap={0} wrap="nowrap">
          {jobTabs.map((t) => (
            <NavLink
              key={t.path}
              to={t.path ? `/harvest/jobs/${jobId}/${t.path}` : `/harvest/jobs/${jobId}`}
              end
              className="job-tab"
              style={({ isActive }) => ({
                padding: '10px 16px',
                fontWeight: 600,
                whiteSpace: 'nowrap',
                textDecoration: 'none',
                color: isActive ? '#1864AB' : 'var(--mantine-color-gray-8)',
                borderBottom: isActive ? '3px solid #1864AB' : '3px solid transparent',
              })}
            >
              {t.label}
            </NavLink>
          ))}
        </Group>
      </Box>
      <Outlet />
    </>
  );
}
