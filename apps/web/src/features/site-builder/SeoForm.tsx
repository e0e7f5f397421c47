import { messages } from '@hh/contract/messages';
import { type PageTemplate, pageRoutes } from '@hh/contract/site-builder';
import { Button, Group, SimpleGrid, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { pageError } from './hooks.ts';

export function SeoForm({ template, clientId }: { template: PageTemplate; clientId: string }) {
  const qc = useQueryClient();
  const [keywords, setKeywords] = useState(template.seo.keywords);
  const [title, setTitle] = useState(template.socialMetadata.title ?? '');
  const [description, setDescription] = useState(template.socialMetadata.description ?? '');
  const [image, setImage] = useState(template.socialMetadata.image ?? '');
  const save = useMutation({
    mutationFn: () =>
      api(pageRoutes.updateTemplate, {
        body: {
          _id: template._id,
          clientId,
          seo: { keywords },
          socialMetadata: { ...template.socialMetadata, title: title || undefined, description: description || undefined, image: image || undefined },
        },
      }),
    // What happened, in words (the reply keeps the spec's combined "created or updated" text).
    onSuccess: () => {
      notify.success(messages.recruiting.templateUpdated);
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listTemplates) });
    },
    onError: (e) => notify.error(pageError(e, 'The template could not be saved')),
  });
  return (
    <Stack>
      <TagsInput label="SEO keywords" value={keywords} onChange={setKeywords} placeholder="Type and press Enter" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Title when shared" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <TextInput label="Image when shared" value={image} onChange={(e) => setImage(e.currentTarget.value)} placeholder="https://…" />
      </SimpleGrid>
      <Textarea label="Description when shared" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save SEO and sharing
        </Button>
      </Group>
    </Stack>
  );
}

/** `/harvest/editor`: the career site's pages (draft, live version, publish, versions), new pages, design, SEO. */
