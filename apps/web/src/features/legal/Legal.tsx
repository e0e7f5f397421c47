import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { PageHeader, Section } from '../../components/Page.tsx';
import { useSelectedClient } from '../../lib/selected-client.tsx';

/** Where a client's candidate privacy notice is served (server: crm/privacy/notice-url.ts). */
const noticeHref = (c: { nameSlug: string; domainURL?: string | null }) => (c.domainURL ? `https://${c.domainURL}/privacy` : `/${c.nameSlug}/privacy`);

/** `/legal`: the product's terms and privacy notice, and each client's own candidate privacy notice. */
export default function Legal() {
  const { clients, isLoading } = useSelectedClient();
  return (
    <>
      <PageHeader title="Legal" description="Terms of use, our privacy notice, and the candidate privacy notices of your clients." />
      <Stack maw={760}>
        <Section>
          <Title order={2} size="h4" mb="xs">
            Terms of use
          </Title>
          <Text size="sm" mb="xs">
            This portal is provided to our clients and their staff to manage hiring: career sites, job requisitions, candidates and video profiles. Access is
            personal; keep your password secret and sign out on shared computers. Accounts may be suspended when they are misused.
          </Text>
          <Text size="sm">
            You may enter candidates’ personal data only for recruiting, and only as your organisation’s candidate privacy notice describes. Export and erase a
            candidate’s data from the candidate’s Privacy tab when they ask.
          </Text>
        </Section>
        <Section>
          <Title order={2} size="h4" mb="xs">
            Privacy
          </Title>
          <Text size="sm" mb="xs">
            We process the personal data you and your candidates enter only to provide the service:
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Account data (name, email, role) to sign you in and control access.</List.Item>
            <List.Item>An activity log of changes (who, what, when) for accountability, and a log of who viewed, exported or erased a candidate.</List.Item>
            <List.Item>
              Candidate data on behalf of your organisation, which remains its controller: it sets how long candidates are kept and publishes its own candidate
              privacy notice (below).
            </List.Item>
            <List.Item>Each application records the consent text the candidate was shown and when.</List.Item>
          </List>
        </Section>
        <Section>
          <Title order={2} size="h4" mb="xs">
            Candidate privacy notices
          </Title>
          <Text size="sm" mb="xs">
            Each client tells job seekers how it uses their data in its own notice, linked from every page footer and apply form of its career site. A client’s
            admins write it under Clients → the client → Candidate privacy.
          </Text>
          {isLoading ? (
            <Text size="sm" c="dimmed">
              Loading your clients…
            </Text>
          ) : clients.length ? (
            <List size="sm" spacing={4} data-testid="client-notices">
              {clients.map((c) => (
                <List.Item key={c._id}>
                  <Anchor href={noticeHref(c)} target="_blank" rel="noopener">
                    {c.name}: candidate privacy notice
                  </Anchor>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              You have no clients yet, so there is no candidate privacy notice to show.
            </Text>
          )}
        </Section>
        <Section>
          <Title order={2} size="h4" mb="xs">
            Cookies
          </Title>
          <Text size="sm">
            The portal sets one sign-in cookie (auth.) that expires after 14 days. Career sites may use analytics when the client configures a measurement id.
          </Text>
        </Section>
      </Stack>
    </>
  );
}
