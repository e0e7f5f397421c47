import { clientRoutes } from '@hh/contract/clients';
import type { Client } from '@hh/contract/clients';
import { AppShell, Avatar, Badge, Burger, Group, Menu, NavLink, ScrollArea, Select, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBooks,
  IconBriefcase,
  IconBuilding,
  IconChevronDown,
  IconFileText,
  IconHome,
  IconListDetails,
  IconLogout,
  IconMail,
  IconMessages,
  IconPhoto,
  IconPlant,
  IconSparkles,
  IconUserCircle,
  IconUsers,
  IconUserShield,
  IconVideo,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import * as crm from '../features/crm/routes.tsx';
import * as feed from '../features/feed/routes.tsx';
import * as jobs from '../features/jobs/routes.tsx';
import * as requisitions from '../features/requisitions/routes.tsx';
import * as editor from '../features/editor/routes.tsx';
import * as motivator from '../features/motivator/routes.tsx';
import { canEditBank } from '../features/questions/rights.ts';
import * as team from '../features/team/routes.tsx';
import * as wave from '../features/wave/routes.tsx';
import { useAnalytics } from '../lib/analytics.ts';
import { useAuth, useUser } from '../lib/auth.tsx';
import type { NavItem, Product } from '../lib/nav.ts';
import { usePrefetchVisibleLinks } from '../lib/prefetch.ts';
import { useApiQuery } from '../lib/query.ts';
import { SelectedClientProvider, useSelectedClient } from '../lib/selected-client.tsx';
import { unreadBadgeText } from './unread.ts';

const featureNav: NavItem[] = [...jobs.nav, ...wave.nav, ...feed.nav, ...requisitions.nav, ...crm.nav, ...editor.nav, ...motivator.nav, ...team.nav];
/** Core spec §4: the conversations entry carries the unread badge; it is listed only once a feature registers its screen. */
const CONVERSATIONS = '/cultivate/conversations';

function smsEnabled(client: Client | null) {
  const sms = (client?.integrations as { twilioSms?: { enabled?: boolean } } | undefined)?.twilioSms;
  return sms?.enabled === true;
}

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

const productAreas: Array<{ product: Product; label: string; icon: ReactNode }> = [
  { product: 'harvest', label: 'Harvest', icon: <IconPlant size={18} /> },
  { product: 'cultivate', label: 'Cultivate', icon: <IconBriefcase size={18} /> },
  { product: 'wave', label: 'Wave', icon: <IconVideo size={18} /> },
  { product: 'motivator', label: 'Motivator', icon: <IconSparkles size={18} /> },
  { product: 'media', label: 'Media', icon: <IconPhoto size={18} /> },
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

function Link({ to, label, icon, right, end }: { to: string; label: string; icon?: ReactNode; right?: ReactNode; end?: boolean }) {
  const { pathname } = useLocation();
  const under = (p: string) => pathname === p || pathname.startsWith(`${p}/`);
  // The most specific entry wins: on /harvest/jobs/imports "Job imports" is current, not "Jobs" too.
  const deeper = featureNav.some((n) => n.to.startsWith(`${to}/`) && under(n.to));
  const active = end ? pathname === to : under(to) && !deeper;
  return <NavLink component={RouterNavLink} to={to} end={end || deeper} label={label} leftSection={icon} rightSection={right} active={active} />;
}

function Navbar() {
  const user = useUser();
  const { client, isLoading } = useSelectedClient();
  const staffAdmin = user.userTypeGlobal === 'admin';
  const manager = staffAdmin || user.userTypeGlobal === 'recruiter';
  // Issue 14: the question bank and email templates, for those who may change them (decision 0042).
  const contentEditor = canEditBank(user);
  const subs = client?.subscriptions;
  const sms = smsEnabled(client);
  const visibleNav = featureNav.filter((n) => n.to !== CONVERSATIONS || sms);
  const navRef = useRef<HTMLElement>(null);
  usePrefetchVisibleLinks(navRef, !isLoading);
  return (
    <ScrollArea type="auto" h="100%">
      <nav aria-label="Main" ref={navRef}>
        <Link to="/" label="Home" icon={<IconHome size={18} />} end />
        {manager ? <Link to="/clients" label="Clients" icon={<IconBuilding size={18} />} /> : null}
        {/* Issue 15: an area appears only with a working screen in it; a feature that registers no nav entry
            (conversations while SMS is off) shows nothing, not a 404. */}
        {productAreas
          .filter((a) => subs?.[a.product])
          .map((a) => ({ ...a, items: visibleNav.filter((n) => n.product === a.product) }))
          .filter((a) => a.items.length > 0)
          .map((a) => (
            <NavLink key={a.product} label={a.label} leftSection={a.icon} defaultOpened childrenOffset={28} data-testid={`nav-area-${a.product}`}>
              {a.items.map((n) =>
                n.to === CONVERSATIONS ? (
                  <Link key={n.to} to={n.to} label={n.label} icon={<IconMessages size={16} />} right={<UnreadBadge />} />
                ) : (
                  <Link key={n.to} to={n.to} label={n.label} />
                ),
              )}
            </NavLink>
          ))}
        {manager ? <Link to="/team" label="Team" icon={<IconUsers size={18} />} /> : null}
        {contentEditor ? <Link to="/settings/question-bank" label="Question bank" icon={<IconBooks size={18} />} /> : null}
        {contentEditor ? <Link to="/settings/email-templates" label="Email templates" icon={<IconMail size={18} />} /> : null}
        {manager ? <Link to="/admin" label="Admin" icon={<IconUserShield size={18} />} /> : null}
        {staffAdmin ? <Link to="/recruiter-management" label="Recruiter management" icon={<IconUsers size={18} />} /> : null}
        <Link to="/activity-log" label="Activity log" icon={<IconListDetails size={18} />} />
        <Link to="/settings/my-profile" label="My profile" icon={<IconUserCircle size={18} />} />
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
