import { crmRoutes } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { Group, Pagination, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { currentParamsWith } from '../../lib/search-state.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { CandidateBulkBar } from './CandidateBulkBar.tsx';
import { ColumnsMenu, useCandidateColumns } from './candidate-columns.tsx';
import { CandidateDrawer } from './CandidateDrawer.tsx';
import { CandidateFilters } from './CandidateFilters.tsx';
import { PAGE_SIZE, useCandidateSearch } from './candidate-search.ts';
import { CandidateTable } from './CandidateTable.tsx';
import { DuplicatesLink } from './duplicates/DuplicatesLink.tsx';
import { NewCandidateButton } from './NewCandidate.tsx';
import { AaText, pagerLabels } from './ui.tsx';
import { useFacets, usePipeline } from './hooks.ts';

/**
 * `/harvest/cultivate/candidates` and `/harvest/media/candidates`: search with the boolean syntax,
 * facets with counts, the status, favourites and assigned-jobs filters, radius around a zip, sort,
 * paging, bulk tag, bulk status and add to list. The search, filters, sort and page live in the
 * address (a search can be shared as a link); a row opens the candidate drawer (`?candidate=`).
 */
export default function CandidatesPage() {
  const { clientId, client } = useSelectedClient();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const search = useCandidateSearch();
  const v = search.values;
  // The search box writes its text to the address 300 ms after the last key (useSearchText).
  const debounced = v.searchQuery;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const openId = params.get('candidate');
  const facets = useFacets(clientId);
  const pipeline = usePipeline(clientId);
  const columns = useCandidateColumns(clientId);
  const statuses = pipeline.data?.statuses ?? [];
  const validZip = /^\d{5}$/.test(v.zipCode);
  const list = useApiQuery(
    crmRoutes.searchCandidates,
    {
      query: {
        clientId: clientId ?? '',
        searchQuery: debounced || undefined,
        status: v.status.join(',') || undefined,
        tags: v.tags.join(',') || undefined,
        source: v.source.join(',') || undefined,
        assignedJobs: v.assignedJobs.join(',') || undefined,
        favorites: v.favorites || undefined,
        zipCode: validZip ? v.zipCode : undefined,
        radius: validZip ? String(v.radius) : undefined,
        sortBy: (v.sortBy === 'distance' && !validZip) || (v.sortBy === 'relevance' && !debounced) ? 'createdAt' : v.sortBy,
        sortDir: v.sortDir,
        pageNumber: v.pageNumber,
        pageSize: PAGE_SIZE,
      },
    },
    { enabled: !!clientId, placeholderData: (prev) => prev },
  );
  const rows = list.data?.results ?? [];
  // From the address as it is now (currentParams): a search committed meanwhile stays.
  const open = (id: string | null) => setParams(() => currentParamsWith('candidate', id), { replace: !id });

  return (
    <>
      <PageHeader
        title="Candidates"
        description={
          client ? (
            <AaText>{`Everyone who applied to ${client.name} or was added by a recruiter.${pathname.includes('/media/') ? ' (Media view)' : ''}`}</AaText>
          ) : undefined
        }
        actions={
          <Group gap="sm">
            <DuplicatesLink />
            <ColumnsMenu visible={columns.visible} onChange={columns.save} />
            <NewCandidateButton onCreated={(id) => open(id)} />
          </Group>
        }
      />
      <Section>
        <CandidateFilters clientId={clientId} search={search} corrections={list.data?.corrections} />
        <CandidateBulkBar clientId={clientId} selected={selected} onClear={() => setSelected(new Set())} />
        {list.isLoading ? (
          <LoadingRows />
        ) : list.error ? (
          <ErrorState error={new Error(messages.recruiting.candidatesFetchError)} onRetry={() => list.refetch()} />
        ) : !rows.length ? (
          <EmptyState title={facets.data?.total ? 'No candidates match' : 'No candidates yet'}>
            {facets.data?.total
              ? 'Try fewer words or clear a filter.'
              : 'Candidates appear here when someone applies on the career site or Indeed, or when you add one with "New candidate".'}
          </EmptyState>
        ) : (
          <>
            <CandidateTable
              clientId={clientId}
              rows={rows}
              statuses={statuses}
              show={(c) => columns.visible.has(c)}
              selected={selected}
              onSelect={setSelected}
              onOpen={open}
            />
            <Group justify="space-between" mt="md">
              <Text size="sm" c="gray.7" data-testid="candidate-total">
                {list.data?.totalCount === 1 ? '1 candidate' : `${list.data?.totalCount ?? 0} candidates`}
              </Text>
              <Pagination
                getControlProps={pagerLabels}
                total={Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE))}
                value={v.pageNumber}
                onChange={(pageNumber) => search.set({ pageNumber })}
              />
            </Group>
          </>
        )}
      </Section>
      <CandidateDrawer candidateId={openId} onClose={() => open(null)} sequence={rows.map((r) => r._id)} onNavigate={open} />
    </>
  );
}
