import { Button, Group, Kbd, Text, VisuallyHidden } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { lazyChunk } from '../lib/reload.ts';
import type { NavEntry } from './navigation.ts';

/**
 * The palette (Spotlight, its styles, the candidate and job calls' contract) is a chunk of its own: no
 * screen needs it to draw, so it loads when the user shows the intent (pointer over or focus on the
 * search button) or asks for it (the button, Ctrl+K or Cmd+K), and opens as soon as it is there.
 */
const SearchPalette = lazy(lazyChunk(() => import('./SearchPalette.tsx')));

/**
 * Global search (Ctrl+K, or Cmd+K on a Mac, or the header's search button): candidates, jobs and the
 * portal's screens of the selected client (SearchPalette.tsx).
 */
export function GlobalSearch({ pages }: { pages: NavEntry[] }) {
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  // spotlight.open() before the palette has mounted is kept in Spotlight's store: it mounts open.
  const open = useCallback(() => {
    setWanted(true);
    spotlight.open();
  }, []);
  useHotkeys([['mod+K', open]]);
  return (
    <>
      {/* The name read out starts with the word shown ("Search"), as WCAG 2.5.3 asks; the key hint beside
          it is for the eye (aria-keyshortcuts tells a screen reader). */}
      <Group gap={6} wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconSearch size={14} />}
          onClick={open}
          onPointerEnter={want}
          onFocus={want}
          aria-keyshortcuts="Control+K Meta+K"
          data-testid="global-search-button"
        >
          <Text span size="xs" visibleFrom="sm">
            Search
          </Text>
          <VisuallyHidden hiddenFrom="sm">Search</VisuallyHidden>
          <VisuallyHidden> candidates, jobs and screens</VisuallyHidden>
        </Button>
        <Kbd size="xs" visibleFrom="md" aria-hidden="true">
          Ctrl K
        </Kbd>
      </Group>
      {wanted ? (
        <Suspense fallback={null}>
          <SearchPalette pages={pages} />
        </Suspense>
      ) : null}
    </>
  );
}
