import { crmRoutes } from '@hh/contract/crm';
import { jobRoutes } from '@hh/contract/jobs';
import { Badge, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { jobLabel } from '../features/jobs/index.ts';
import { useUser } from '../lib/auth.tsx';
import { useApiQuery } from '../lib/query.ts';
import { useSelectedClient } from '../lib/selected-client.tsx';
import { keys } from '../lib/storage-keys.ts';
import type { NavEntry } from './navigation.ts';

/** One thing the palette can open: a candidate, a job or a screen of the portal. */
export interface SearchItem {
  kind: 'candidate' | 'job' | 'page';
  label: string;
  detail?: string;
  to: string;
}

const KIND_LABEL: Record<SearchItem['kind'], string> = { candidate: 'Candidate', job: 'Job', page: 'Screen' };
const RECENT_MAX = 6;
const PER_GROUP = 5;

/** The items this user opened last for this client (newest first), kept in the browser only. */
export function readRecent(userId: string, clientId: string): SearchItem[] {
  try {
    const raw = localStorage.getItem(keys.recentSearchItems(userId, clientId));
    const list = raw ? (JSON.parse(raw) as SearchItem[]) : [];
    return Array.isArray(list) ? list.filter((x) => x && typeof x.to === 'string' && typeof x.label === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return []; // storage refused (a private window) or a damaged value: no recent items
  }
}

function remember(userId: string, clientId: string, item: SearchItem) {
  const next = [item, ...readRecent(userId, clientId).filter((x) => x.to !== item.to)].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(keys.recentSearchItems(userId, clientId), JSON.stringify(next));
  } catch {
    // storage refused: the palette works without its recent list
  }
}

/** Screens whose label holds every word typed ("cand all" finds "All candidates"). */
export function matchPages(pages: NavEntry[], text: string): SearchItem[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return pages
    .filter((p) => words.every((w) => p.label.toLowerCase().includes(w)))
    .slice(0, PER_GROUP)
    .map((p) => ({ kind: 'page', label: p.label, to: p.to }));
}

/**
 * The global search palette (GlobalSearch.tsx loads it on first use): candidates, jobs and the portal's
 * screens of the selected client, with the items opened last shown before anything is typed.
 * Candidates and jobs come from the same calls as their lists (so the same rights apply: a group the
 * user may not read stays empty); the text is sent 200 ms after the last key.
 */
export default function SearchPalette({ pages }: { pages: NavEntry[] }) {
  const user = useUser();
  const { clientId } = useSelectedClient();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 200);
  const enabled = !!clientId && debounced.length >= 2;
  const candidates = useApiQuery(
    crmRoutes.searchCandidates,
    { query: { clientId: clientId ?? '', searchQuery: debounced, pageNumber: 1, pageSize: PER_GROUP, sortBy: 'relevance', sortDir: 'desc' } },
    { enabled, silent: true, retry: false },
  );
  const jobs = useApiQuery(
    jobRoutes.list,
    { query: { clientId: clientId ?? '', search: debounced, page: 1, pageSize: PER_GROUP } },
    { enabled, silent: true, retry: false },
  );
  const recent = clientId ? readRecent(user._id, clientId) : [];
  const groups: Array<{ label: string; items: SearchItem[] }> = query.trim()
    ? [
        {
          label: 'Candidates',
          items: enabled
            ? (candidates.data?.results ?? []).map((c) => ({
                kind: 'candidate' as const,
                label: `${c.firstName} ${c.lastName}`.trim() || c.email,
                detail: c.email,
                to: `/harvest/cultivate/candidates?candidate=${c._id}`,
              }))
            : [],
        },
        {
          label: 'Jobs',
          items: enabled
            ? (jobs.data?.results ?? []).map((j) => ({ kind: 'job' as const, label: jobLabel(j), detail: j.status, to: `/harvest/jobs/${j._id}` }))
            : [],
        },
        { label: 'Screens', items: matchPages(pages, query) },
      ].filter((g) => g.items.length > 0)
    : recent.length
      ? [{ label: 'Recent', items: recent }]
      : [];
  const loading = enabled && (candidates.isFetching || jobs.isFetching || debounced !== query.trim());
  const open = (item: SearchItem) => {
    if (clientId) remember(user._id, clientId, item);
    navigate(item.to);
  };
  return (
    <>
      {/* The dialog is named by its title, which is not shown: the search box says what it is. */}
      <Spotlight.Root
        query={query}
        onQueryChange={setQuery}
        onSpotlightClose={() => setQuery('')}
        // GlobalSearch.tsx owns the shortcut (it works before this chunk has loaded).
        shortcut={null}
        scrollable
        maxHeight={440}
        closeOnActionTrigger
        title="Global search"
        styles={{ header: { display: 'none' } }}
      >
        <Spotlight.Search
          placeholder="Search candidates, jobs and screens"
          aria-label="Search candidates, jobs and screens"
          leftSection={loading ? <Loader size={16} /> : <IconSearch size={18} />}
          onKeyDown={(e) => {
            // Enter with no result chosen by the arrow keys opens the first one.
            const first = groups[0]?.items[0];
            const list = e.currentTarget.closest('.mantine-Spotlight-content');
            if (e.key === 'Enter' && first && !list?.querySelector('[data-selected]')) {
              open(first);
              spotlight.close();
            }
          }}
        />
        <Spotlight.ActionsList aria-label="Results">
          {groups.map((g) => (
            // Mantine draws the group's name with CSS only; role and aria-label give it to screen readers too.
            <Spotlight.ActionsGroup key={g.label} label={g.label} role="group" aria-label={g.label}>
              {g.items.map((item) => (
                <Spotlight.Action key={`${item.kind}-${item.to}`} onClick={() => open(item)} data-testid="global-search-item">
                  <Group wrap="nowrap" gap="sm" justify="space-between" w="100%">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {item.label}
                      </Text>
                      {item.detail ? (
                        <Text size="xs" c="gray.7" truncate>
                          {item.detail}
                        </Text>
                      ) : null}
                    </div>
                    <Badge variant="light" size="sm">
                      {KIND_LABEL[item.kind]}
                    </Badge>
                  </Group>
                </Spotlight.Action>
              ))}
            </Spotlight.ActionsGroup>
          ))}
          {groups.length === 0 ? (
            <Spotlight.Empty>
              {query.trim().length === 0
                ? 'Type a name, an email, a job title or a screen. What you open shows here next time.'
                : loading
                  ? 'Searching…'
                  : query.trim().length < 2
                    ? 'Type at least 2 letters to search candidates and jobs.'
                    : `Nothing matches “${query.trim()}”. Try a last name, an email or a job title.`}
            </Spotlight.Empty>
          ) : null}
        </Spotlight.ActionsList>
      </Spotlight.Root>
    </>
  );
}
