import { defaultDesign } from '@hh/contract/site-builder';
import { Button, Group, SegmentedControl } from '@mantine/core';
import { type Data, Render } from '@puckeditor/core';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { useDepartments } from '../jobs/index.ts';
import { buildConfig } from './blocks.tsx';
import { SiteProvider } from './site-context.tsx';
import { findPage, useDesign, useTemplate } from './hooks.ts';
import { SiteFrame } from './SiteFrame.tsx';

const DISPLAYS = ['desktop', 'mobile'] as const;

/**
 * `/harvest/editor/preview/{display?}/{pageName?}` (core §2; display is desktop by default, 001 §3, §9):
 * the draft of a page as visitors will see it, at 1280 px or 390 px.
 */
export default function Preview() {
  const params = useParams();
  // A lone segment that is not a display is the page name (/preview/Benefits).
  const isDisplay = (DISPLAYS as readonly string[]).includes(params.display ?? '');
  const display = isDisplay ? (params.display as (typeof DISPLAYS)[number]) : 'desktop';
  const pageName = (isDisplay ? params.pageName : (params.display ?? params.pageName)) ?? 'Home';
  const navigate = useNavigate();
  const { client, clientId } = useSelectedClient();
  const { template, isLoading, error, refetch } = useTemplate(clientId);
  const design = useDesign(clientId, template?._id);
  const deps = useDepartments(clientId);
  const page = findPage(template, pageName);
  const departments = deps.data?.results;
  const config = useMemo(() => buildConfig({ departments: (departments ?? []).map((d) => ({ label: d.name, value: d._id })) }), [departments]);
  const site = { clientId: clientId ?? '', name: client?.name ?? '', logo: client?.logo ?? null, design: design.design?.activeDesign ?? defaultDesign };
  if (isLoading) return <LoadingRows rows={6} />;
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  return (
    <>
      <PageHeader
        title={`Preview: ${page?.name ?? pageName}`}
        description="The saved draft of the page and of the design, before they are published."
        actions={
          <Group gap="xs">
            <SegmentedControl
              aria-label="Display"
              value={display}
              onChange={(v) => navigate(`/harvest/editor/preview/${v}/${encodeURIComponent(pageName)}`)}
              data={[
                { value: 'desktop', label: 'Desktop' },
                { value: 'mobile', label: 'Mobile' },
              ]}
            />
            <Button component={Link} to={`/harvest/editor/edit/${encodeURIComponent(pageName)}`} variant="default">
              Back to the editor
            </Button>
          </Group>
        }
      />
      {page ? (
        <SiteFrame width={display === 'mobile' ? 390 : '100%'} title={`Preview of ${page.name} (${display})`}>
          <SiteProvider site={site}>
            <Render config={config} data={page.content as Data} />
          </SiteProvider>
        </SiteFrame>
      ) : (
        <EmptyState title={`There is no page called ${pageName}`}>Add it on the pages screen first.</EmptyState>
      )}
    </>
  );
}
