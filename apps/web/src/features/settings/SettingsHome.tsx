import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { canEditBank } from '../questions/index.ts';
import { PageHeader } from '../../components/Page.tsx';
import { useUser } from '../../lib/auth.tsx';
import { useSelectedClient } from '../../lib/selected-client.tsx';

interface Item {
  to: string;
  title: string;
  text: string;
}

/** `/settings`: the settings home, every settings screen this user may open with one line on what it is for. */
export default function SettingsHome() {
  const user = useUser();
  const { client } = useSelectedClient();
  const manager = user.userTypeGlobal === 'admin' || user.userTypeGlobal === 'recruiter';
  const items: Item[] = [
    ...(manager
      ? [
          { to: '/team', title: 'Team and users', text: 'Invite people, choose what each one may do, suspend or reactivate accounts.' },
          { to: '/clients', title: 'Clients', text: 'Client details, products, integrations, media library and privacy.' },
        ]
      : []),
    ...(canEditBank(user)
      ? [
          { to: '/settings/question-bank', title: 'Question bank', text: 'Questions to reuse on application forms.' },
          { to: '/settings/email-templates', title: 'Email templates', text: 'The mails sent to candidates, with their merge fields.' },
          { to: '/settings/email-templates/library', title: 'Template library', text: 'Your own emails recruiters start a message to candidates from.' },
          { to: '/settings/offer-templates', title: 'Offer templates', text: 'The offer letters, with salary, dates and names filled in for each offer.' },
          { to: '/settings/pipeline', title: 'Pipeline', text: 'The stages new jobs start with, pipeline templates and rejection reasons.' },
        ]
      : []),
    { to: '/settings/my-profile', title: 'My profile', text: 'Your name, photo and password.' },
    ...(client?.subscriptions.wave
      ? [{ to: '/settings/wave-profile', title: 'My video profile', text: 'Your own video profile for the meet-the-team page.' }]
      : []),
    ...(user.userTypeGlobal === 'admin'
      ? [{ to: '/admin?tab=outbox', title: 'Mail outbox', text: 'Every mail the platform sent, when no mail server is set up.' }]
      : []),
    { to: '/activity-log', title: 'Activity log', text: 'Who changed what, and when.' },
    { to: '/legal', title: 'Legal', text: "Terms of use, the privacy notice and your clients' candidate privacy notices." },
  ];
  return (
    <>
      <PageHeader title="Settings" description="Everything that shapes how the portal works for you and your team." />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="settings-home">
        {items.map((i) => (
          <Paper key={i.to} withBorder radius="md" p="md">
            <UnstyledButton component={Link} to={i.to} w="100%">
              <Text fw={600} c="brand.8">
                {i.title}
              </Text>
              {i.text ? (
                <Text size="sm" c="dimmed">
                  {i.text}
                </Text>
              ) : null}
            </UnstyledButton>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
