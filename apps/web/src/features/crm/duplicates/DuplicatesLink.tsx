import { Badge, Button } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSelectedClient } from '../../../lib/selected-client.tsx';
import { useDuplicates } from './hooks.ts';

/** "Possible duplicates (n)" on the candidate list's header. */
export function DuplicatesLink() {
  const { clientId } = useSelectedClient();
  const { pathname } = useLocation();
  const dups = useDuplicates(clientId, 1, 1);
  const n = dups.data?.totalCount ?? 0;
  return (
    <Button
      component={Link}
      to={`${pathname.replace(/\/$/, '')}/duplicates`}
      variant="default"
      leftSection={<IconUsersGroup size={16} aria-hidden />}
      rightSection={
        n ? (
          <Badge size="sm" color="orange" variant="filled" aria-label={`${n} pairs`}>
            {n}
          </Badge>
        ) : null
      }
      data-testid="duplicates-link"
    >
      Possible duplicates
    </Button>
  );
}
