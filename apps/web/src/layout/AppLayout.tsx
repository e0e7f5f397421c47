import type { conversationsRoutes } from '@hh/contract/conversations';
import { firstScreenCalls } from '@hh/contract/first-screen-calls';
import {
  AppShell,
  Avatar,
  Badge,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBriefcase,
  IconCalendar,
  IconChartBar,
  IconChevronDown,
  IconLogout,
  IconMessages,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
  IconVideo,
  IconWorld,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Outlet, Link as RouterLink, NavLink as RouterNavLink, useLocation } from 'react-router';
import { useAnalytics } from '../lib/analytics.ts';
import { useAuth, useUser } from '../lib/auth.tsx';
import type { GroupId } from '../lib/nav.ts';
import { usePrefetchVisibleLinks } from '../lib/prefetch.ts';
import { useApiQueryAt } from '../lib/query.ts';
import { SelectedClientProvider, useSelectedClient } from '../lib/selected-client.tsx';
import { mayConverse, type NavEntry, type NavLinkDef, type VisibleNav, visibleNav } from './navigation.ts';
import { GlobalSearch } from './GlobalSearch.tsx';
import { ModalsHost } from './ModalsHost.tsx';
import { unreadBadgeText } from './unread.ts';

/**
 * The unread-conversations badge (blank for 0, "9+" above 9), asked again every 30 s so it follows new
 * messages without a reload; the call answers an ETag, so the browser's cache turns an unchanged count
 * into a 304 without a body.
 */
function UnreadBadge() {
  const { clientId } = useSelectedClient();
  const unread = useApiQueryAt<typeof conversationsRoutes.unreadCount>(
    firstScreenCalls.unreadConversations,
    { query: { clientId: clientId ?? '' } },
    { enabled: !!clientId, silent: true, refetchInterval: 30_000 },
  );
  const badge = unreadBadgeText(unread.data?.unreadConversationsCount);
  return badge ? (
    <Badge size="sm" circle={badge.length === 1} color="red" data-testid="unread-badge">
      {badge}
      <VisuallyHidden> unread</VisuallyHidden>
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

function Link({ entry, icon, right, allPaths }: { entry: NavEntry; icon?: ReactNode; right?: ReactNode; allPaths: string[] }) {
  const { pathname } = useLocation();
  const under = (p: string) => pathname === p || pathname.startsWith(`${p}/`);
  // The most specific entry wins: on /harvest/jobs/imports "Job imports" is current, not "Jobs" too;
  // Settings is current on the screens it covers (team, question bank…) unless another entry is more specific.
  const best = allPaths.filter(under).sort((a, b) => b.length - a.length)[0];
  const active = best !== undefined && [entry.to, ...(entry.covers ?? [])].includes(best);
  return (
    <NavLink
      component={RouterLink}
      to={entry.to}
      label={entry.label}
      leftSection={icon ?? entry.icon}
      rightSection={right}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}

function Navbar({ links, nav }: { links: NavLinkDef[]; nav: VisibleNav }) {
  const { isLoading } = useSelectedClient();
  // Every path a link is current on, for "the most specific entry wins".
  const allPaths = links.flatMap((l) => [l.to, ...(l.covers ?? [])]);
  const navRef = useRef<HTMLElement>(null);
  // Every group starts open; one the user closes stays closed while the portal is open.
  const [closed, setClosed] = useState<GroupId[]>([]);
  usePrefetchVisibleLinks(navRef, !isLoading);
  return (
    <ScrollArea type="auto" h="100%">
      <nav aria-label="Main" ref={navRef}>
        {nav.start.map((e) => (
          <Link key={e.to} entry={e} allPaths={allPaths} />
        ))}
        {/* Grouped by task; a group appears only with a working screen in it, gated by the client's products.
            Until the selected client is known the groups and the links below them are not drawn (a
            placeholder instead): drawn at once, the links below would jump down when the groups came
            (a layout shift); the links above them never move. */}
        {isLoading ? (
          <Stack gap={8} px="sm" py={6} aria-hidden data-testid="nav-loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={24} radius="sm" />
            ))}
          </Stack>
        ) : null}
        {isLoading
          ? null
          : nav.groups.map((g) =>
              g.id === 'conversations' ? (
                <Link key={g.id} entry={{ ...g.entries[0], label: g.label }} icon={groupIcons[g.id]} right={<UnreadBadge />} allPaths={allPaths} />
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
                    <Link key={n.to} entry={n} allPaths={allPaths} />
                  ))}
                </NavLink>
              ),
            )}
        {isLoading ? null : nav.end.map((e) => <Link key={e.to} entry={e} allPaths={allPaths} />)}
      </nav>
    </ScrollArea>
  );
}

function Shell({ links }: { links: NavLinkDef[] }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const { client, isLoading } = useSelectedClient();
  const user = useUser();
  const manager = user.userTypeGlobal === 'admin' || user.userTypeGlobal === 'recruiter';
  // The links this user sees: the sidebar, and the screens global search offers.
  const nav = visibleNav(links, client, manager, mayConverse(user));
  const pages = [...nav.start, ...nav.groups.flatMap((g) => g.entries), ...nav.end];
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
          <Group gap="xs" wrap="nowrap">
            <GlobalSearch pages={pages} />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <Navbar links={links} nav={nav} />
      </AppShell.Navbar>
      <AppShell.Main>
        <div key={location.pathname} className="page-enter">
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * The signed-in portal shell: header, client switcher, navbar, user menu. `links` are the sidebar
 * links the router's entries declare (layout/navigation.ts).
 */
export function AppLayout({ links }: { links: NavLinkDef[] }) {
  // The confirmation dialogs (confirmDanger in lib/second-chance.tsx) open only on signed-in screens;
  // their provider is mounted with the first one (layout/ModalsHost.tsx).
  return (
    <SelectedClientProvider>
      <Shell links={links} />
      <ModalsHost />
    </SelectedClientProvider>
  );
}
