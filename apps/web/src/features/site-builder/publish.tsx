import { pageRoutes } from '@hh/contract/site-builder';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { pageError } from './hooks.ts';

/** The notice after a page goes live (published or a version restored), with a link to the public page. */
export function publishedNotice(message: string, url: string) {
  notifications.show({
    color: 'teal',
    withBorder: true,
    autoClose: 8000,
    message: (
      <span data-testid="published-notice">
        {message}.{' '}
        <Anchor href={url} target="_blank" rel="noopener">
          Open the public page
        </Anchor>
      </span>
    ),
  });
}

/**
 * Publishes one page of the client's template (the pages list and the editor's Publish button): the
 * notice with the public link, the published states read again, or the reason it failed.
 */
export function usePublishPage(clientId: string | null, templateId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pageName: string) => api(pageRoutes.publish, { body: { clientId: clientId ?? '', templateId: templateId ?? '', pageName } }),
    onSuccess: (r) => {
      publishedNotice(r.message, r.url);
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.getAllPublished) });
    },
    onError: (e) => notify.error(pageError(e, 'The page could not be published')),
  });
}
