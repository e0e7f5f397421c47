import { List, Stack, Text, Title } from '@mantine/core';
import { PageHeader, Section } from '../components/Page.tsx';

/** `/legal`: static terms and privacy text. */
export default function Legal() {
  return (
    <>
      <PageHeader title="Legal" description="Terms of use and privacy." />
      <Stack maw={760}>
        <Section>
          <Title order={2} size="h4" mb="xs">
            Terms of use
          </Title>
          <Text size="sm">
            This portal is provided to our clients and their staff to manage hiring: career sites, job requisitions, candidates and video profiles. Access is
            personal; keep your password secret and sign out on shared computers. Accounts may be suspended when they are misused.
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
            <List.Item>An activity log of changes (who, what, when) for accountability.</List.Item>
            <List.Item>Candidate data on behalf of your organisation, which remains its controller.</List.Item>
          </List>
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
