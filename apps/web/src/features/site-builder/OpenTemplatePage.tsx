import { pageLabel } from '@hh/contract/labels';
import { pageRoutes, pageSlug } from '@hh/contract/site-builder';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useMatches } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

/**
 * `/harvest/{template}` (core §2: dbo-talk-later, driver-referral, thank-you, template-2…): the client's
 * page made from that default template, opened in the site editor. A client without one gets it
 * created from the template first (POST api/additional-page-templates, which also starts the site's
 * template when the client has none), named in words ("Talk later"), so its address reads well too.
 */
export function OpenTemplatePage({ template }: { template: string }) {
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const label = pageLabel(template);
  const q = useApiQuery(pageRoutes.listTemplates, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
  const pages = q.data?.results[0]?.pages ?? [];
  const found = pages.find((p) => pageSlug(p.name) === pageSlug(template) || pageSlug(p.name) === pageSlug(label));
  const create = useMutation({
    mutationFn: () => api(pageRoutes.createAdditionalPage, { body: { clientId: clientId ?? '', name: label, fromDefault: template } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listTemplates) }),
  });
  const started = useRef(false);
  const missing = !!q.data && !found;
  useEffect(() => {
    if (missing && !started.current) {
      started.current = true;
      create.mutate();
    }
  }, [missing, create]);

  if (found) return <Navigate to={`/harvest/editor/edit/${encodeURIComponent(found.name)}`} replace />;
  return (
    <>
      <PageHeader title={label} description="A career-site page made from a ready-made template." />
      {!clientId ? (
        <EmptyState title="No client selected">Choose a client in the header to open its page.</EmptyState>
      ) : q.error ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : create.error ? (
        <Stack>
          <ErrorState error={create.error} />
          <Text size="sm">
            {create.error instanceof ApiError && create.error.status === 403
              ? 'Opening this page needs the Harvest product and the right to edit the career site.'
              : 'The page could not be created from its template.'}
          </Text>
          <Group>
            <Button component={Link} to="/harvest/editor" variant="default">
              Go to the career site's pages
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm" role="status">
            {q.isLoading ? 'Looking for this page…' : `Creating the "${label}" page from its template…`}
          </Text>
          <LoadingRows rows={3} />
        </Stack>
      )}
    </>
  );
}

/** The route's component: the template comes from the route's `handle` (router.tsx lists the paths). */
export default function OpenTemplateRoute() {
  const matches = useMatches();
  const template = (matches.at(-1)?.handle as { template?: string } | undefined)?.template ?? '';
  return <OpenTemplatePage key={template} template={template} />;
}
