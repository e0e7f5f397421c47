import { clientRoutes } from '@hh/contract/clients';
import { AppShell, Avatar, Badge, Burger, Group, Menu, NavLink, ScrollArea, Select, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBriefcase,
  IconBuilding,
  IconCalendar,
  IconChartBar,
  IconChevronDown,
  IconFileText,
  IconHome,
  IconLogout,
  IconMessages,
  IconSettings,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
  IconVideo,
  IconWorld,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Outlet, Link as RouterLink, NavLink as RouterNavLink, useLocation } from 'react-router';
import { featureNav } from './features.ts';
import { type GroupId, visibleGroups } from './navigation.ts';
import { useAnalytics } from '../lib/analytics.ts';
import { useAuth, useUser } from '../lib/auth.tsx';
import { usePrefetchVisibleLinks } from '../lib/prefetch.ts';
import { useApiQuery } from '../lib/query.ts';
import { SelectedClientProvider, useSelectedClient } from '../lib/selected-client.tsx';
import { unreadBadgeText } from './unread.ts';

/** The unread-conversations badge (blank for 0, "9+" above 9). */
function UnreadBadge() {
  const { clientId } = useSelectedClient();
  const unread = useApiQuery(clientRoutes.unreadMessagesCount, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId, silent: true });
  const badge = unreadBadgeText(unread.data?.unreadConversationsCount);
  return badge ? (
    <Badge size="sm" circle={badge.length === 1} color="red" data-testid="unread-badge">
      {badge}
    </Badge>
  ) : null;
}

const groupIcons: Record<GroupId, ReactNode> = {
  jobs: <IconBriefcase size={18} />,
  candidates: <IconUsers size={18} />,
  conversations: <IconMessages size={18} />,
  interviews: <IconCalendar size={18} />,
  'career-site': <IconWorld size={18} />,
  campaigns: <IconSpeakerphone size={18} />,
  'video-profiles': <IconVideo size={18} />,
  reports: <IconChartBar size={18} />,
};

/** Screens outside the product areas that the Settings entry covers (it is current on each of them). */
const SETTINGS_PATHS = [
  '/settings',
  '/team',
  '/admin',
  '/recruiter-management',
  '/settings/my-profile',
  '/settings/question-bank',
  '/settings/email-templates',
];

function ClientSwitcher() {
  const { clients, clientId, setClientId, isLoading } = useSelectedClient();
  if (isLoading) return <Skeleton h={36} w={200} />;
  if (clients.length === 0) return null;
  return (
    <Select
      // The name includes the shown client (WCAG 2.5.3 label in name: axe label-content-name-mismatch).
      label={<VisuallyHidden>Selected client: {clients.find((c) => c._id === clientId)?.name ?? 'none'}</VisuallyHidden>}
      styles={{ label: { position: 'absolute' } }}
      data-testid="client-switcher"
      data={clients.map((c) => ({ value: c._id, label: c.name }))}
      value={clientId}
      onChange={(v) => v && setClientId(v)}
      allowDeselect={false}
      searchable={clients.length > 8}
      w={{ base: 170, sm: 240 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function UserMenu() {
  const user = useUser();
  const { logout } = useAuth();
  const name = [user.basicInfo.firstName, user.basicInfo.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        {/* Named by its content (WCAG 2.5.3 label in name): the visible name, then "user menu"; the avatar repeats the name and is hidden. */}
        <UnstyledButton data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar src={user.logo ?? undefined} alt="" aria-hidden radius="xl" size={32} color="brand">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <VisuallyHidden>User menu</VisuallyHidden>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={RouterNavLink} to="/settings/my-profile" leftSection={<IconUserCircle size={16} />}>
          My profile
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Every path the sidebar links to, for "the most specific entry wins". */
const allNavPaths = [...featureNav.map((n) => n.to), '/', '/clients', '/activity-log', '/legal', ...SETTINGS_PATHS];

function Link({ to, label, icon, right, end, covers }: { to: string; label: string; icon?: ReactNode; right?: ReactNode; end?: boolean; covers?: string[] }) {
  const { pathname } = useLocation();
  const under = (p: string) => pathname === p || pathname.startsWith(`${p}/`);
  // The most specific entry wins: on /harvest/jobs/imports "Job imports" is current, not "Jobs" too;
  // Settings is current on the screens it lists (team, question bank…) unless another entry is more specific.
  const best = allNavPaths.filter(under).sort((a, b) => b.length - a.length)[0];
  const active = end ? pathname === to : best !== undefined && [to, ...(covers ?? [])].includes(best);
  return (
    <NavLink component={RouterLink} to={to} label={label} leftSection={icon} rightSection={right} active={active} aria-current={active ? 'page' : undefined} />
  );
}

function Navbar() {
  const user = useUser();
  const { client, isLoading } = useSelectedClient();
  const manager = user.userTypeGlobal === 'admin' || user.userTypeGlobal === 'recruiter';
  const groups = visibleGroups(featureNav, client, { reports: [{ label: 'Activity log', to: '/activity-log' }] });
  const navRef = useRef<HTMLElement>(null);
  // Every group starts open; one the user closes stays closed while the portal is open.
  const [closed, setClosed] = useState<GroupId[]>([]);
  usePrefetchVisibleLinks(navRef, !isLoading);
  return (
    <ScrollArea type="auto" h="100%">
      <nav aria-label="Main" ref={navRef}>
        <Link to="/" label="Home" icon={<IconHome size={18} />} end />
        {manager ? <Link to="/clients" label="Clients" icon={<IconBuilding size={18} />} /> : null}
        {/* Grouped by task; a group appears only with a working screen in it, gated by the client's products. */}
        {groups.map((g) =>
          g.id === 'conversations' ? (
            <Link key={g.id} to={g.entries[0].to} label={g.label} icon={groupIcons[g.id]} right={<UnreadBadge />} />
          ) : (
            <NavLink
              key={g.id}
              component="button"
              label={g.label}
              leftSection={groupIcons[g.id]}
              opened={!closed.includes(g.id)}
              onChange={(open) => setClosed((c) => (open ? c.filter((x) => x !== g.id) : [...c, g.id]))}
              aria-expanded={!closed.includes(g.id)}
              childrenOffset={28}
              data-testid={`nav-group-${g.id}`}
            >
              {g.entries.map((n) => (
                <Link key={n.to} to={n.to} label={n.label} />
              ))}
            </NavLink>
          ),
        )}
        <Link to="/settings" label="Settings" icon={<IconSettings size={18} />} covers={SETTINGS_PATHS} />
        <Link to="/legal" label="Legal" icon={<IconFileText size={18} />} />
      </nav>
    </ScrollArea>
  );
}

function Shell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const { client, isLoading } = useSelectedClient();
  // Core spec §9 analytics: the selected client's id, else the configured one (undefined while loading).
  useAnalytics(isLoading ? undefined : (client?.ga4MeasurementId ?? null));
  // Close the mobile navbar after navigating.
  const path = location.pathname;
  useEffect(() => {
    if (path) close();
  }, [path, close]);
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text fw={800} c="brand.7" visibleFrom="xs">
              Portal
            </Text>
            <ClientSwitcher />
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <Navbar />
      </AppShell.Navbar>
      <AppShell.Main>
        <div key={location.pathname} className="page-enter">
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}

/** The signed-in portal shell (issue 2 "Portal shell"): header, client switcher, navbar, user menu. */
export function AppLayout() {
  return (
    <SelectedClientProvider>
      <Shell />
    </SelectedClientProvider>
  );
}
