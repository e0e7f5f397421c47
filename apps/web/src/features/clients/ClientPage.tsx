import { labelOf, statusLabels } from '@hh/contract/labels';
import { clientRoutes } from '@hh/contract/clients';
import { Anchor, Avatar, Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { ApiError } from '../../lib/api.ts';
import { PrivacySettings } from '../crm/index.ts';
import { SsoSettings } from '../team/index.ts';
import { useApiQuery } from '../../lib/query.ts';
import { NotFound } from '../errors/index.ts';
import { ClientDetailsForm } from './ClientDetailsForm.tsx';
import { ClientIntegrations } from './ClientIntegrations.tsx';
import { ClientLogo } from './ClientLogo.tsx';
import { ClientProducts } from './ClientProducts.tsx';
import { FormQuestions } from './FormQuestions.tsx';
import { MediaLibrary } from './MediaLibrary.tsx';

const tabs = ['details', 'products', 'integrations', 'logo', 'questions', 'media', 'privacy', 'sso'] as const;

/** `/clients/:clientId`: every client field, products, integrations (`/clients/:clientId/integrations[/:integration]`), logo, form questions and media library. */
export default function ClientPage() {
  const { clientId = '', integration } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const onIntegrations = pathname.includes('/integrations');
  const tab = tabs.find((t) => t === params.get('tab')) ?? (onIntegrations ? 'integrations' : 'details');
  const q = useApiQuery(clientRoutes.getById, { query: { clientId } });
  if (q.isLoading) return <LoadingRows rows={8} />;
  if (q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400)) return <NotFound />;
  if (q.error || !q.data) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const client = q.data;
  return (
    <Stack>
      <Anchor component={Link} to="/clients" size="sm">
        ← Clients
      </Anchor>
      <Group wrap="nowrap">
        <Avatar src={client.logo ?? undefined} size={48} radius="md" color="brand">
          {client.name.slice(0, 2).toUpperCase()}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" data-testid="client-title">
            {client.name}
          </Title>
          <Text size="sm" c="dimmed">
            /{client.nameSlug}
          </Text>
        </div>
        <Badge ml="auto" color={client.status === 'Active' ? 'teal' : 'gray'}>
          {labelOf(statusLabels, client.status)}
        </Badge>
      </Group>
      <Tabs
        value={tab}
        onChange={(t) =>
          // The integrations tab has the spec's own address (core spec §2); the others are ?tab= on the client.
          t === 'integrations'
            ? navigate(`/clients/${client._id}/integrations`, { replace: true })
            : onIntegrations
              ? navigate(`/clients/${client._id}${t && t !== 'details' ? `?tab=${t}` : ''}`, { replace: true })
              : setParams(t ? { tab: t } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="integrations">Integrations</Tabs.Tab>
          <Tabs.Tab value="logo">Logo</Tabs.Tab>
          <Tabs.Tab value="questions">Form questions</Tabs.Tab>
          <Tabs.Tab value="media">Media library</Tabs.Tab>
          <Tabs.Tab value="privacy">Candidate privacy</Tabs.Tab>
          <Tabs.Tab value="sso">Single sign-on</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <ClientDetailsForm key={client.updatedAt} client={client} />
        </Tabs.Panel>
        <Tabs.Panel value="products" pt="md">
          <ClientProducts client={client} />
        </Tabs.Panel>
        <Tabs.Panel value="integrations" pt="md">
          <ClientIntegrations client={client} only={integration} />
        </Tabs.Panel>
        <Tabs.Panel value="logo" pt="md">
          <ClientLogo client={client} />
        </Tabs.Panel>
        <Tabs.Panel value="questions" pt="md">
          <FormQuestions clientId={client._id} />
        </Tabs.Panel>
        <Tabs.Panel value="media" pt="md">
          <MediaLibrary clientId={client._id} />
        </Tabs.Panel>
        <Tabs.Panel value="privacy" pt="md">
          <PrivacySettings clientId={client._id} />
        </Tabs.Panel>
        <Tabs.Panel value="sso" pt="md">
          <SsoSettings clientId={client._id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
