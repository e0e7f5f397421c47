import type { Client } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ImageDrop } from '../../components/ImageDrop.tsx';
import { Section } from '../../components/Page.tsx';
import { notify } from '../../lib/notify.ts';
import { uploadImage } from '../../lib/upload.ts';
import { useUpdateClient } from './useUpdateClient.ts';

/** Logo: POST /api/image/upload (imageType logo, folder logos) then PATCH /api/client/update { logo }. */
export function ClientLogo({ client }: { client: Client }) {
  const update = useUpdateClient({ error: messages.clients.logoUploadError });
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage({ file, imageType: 'logo', folder: 'logos', clientId: client._id }),
    onSuccess: (url) => update.mutate({ _id: client._id, logo: url }),
    onError: (err) => {
      console.warn('Logo upload failed', err);
      notify.error(messages.clients.logoUploadError);
    },
  });
  return (
    <Section title="Logo">
      <Stack>
        {client.logo ? (
          <Group align="flex-end">
            <Image src={client.logo} alt={`${client.name} logo`} h={96} w="auto" fit="contain" radius="sm" data-testid="client-logo" />
            <Button variant="subtle" color="red" size="xs" onClick={() => update.mutate({ _id: client._id, logo: null })} loading={update.isPending}>
              Remove logo
            </Button>
          </Group>
        ) : (
          <Text c="dimmed" size="sm">
            No logo yet.
          </Text>
        )}
        <ImageDrop
          label="Upload a logo"
          onFile={(f) => upload.mutate(f)}
          loading={upload.isPending || update.isPending}
          onReject={() => notify.error(messages.clients.logoUploadError)}
        />
      </Stack>
    </Section>
  );
}
