/**
 * Layout of login-required pages: header (brand, language, user menu), role menu, content.
 *
 * The role menu holds up to 37 entries (admin, staff), taller than a laptop screen: its entries scroll inside
 * the menu (a Mantine ScrollArea filling the navbar below the header), so each is reachable by wheel, touch
 * and Tab (focus scrolls the entry into view) at every width (issue 38 item 6). Below the `sm` breakpoint
 * (48em) the menu is a drawer opened by the burger: closed, it is out of the tab order and the accessibility
 * tree (`data-closed`, a11y.css); it closes when a link is followed.
 */
import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type PreferenceLike, roleOf } from '@wasiat/domain';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { session } from '../../lib/storage.ts';
import { currentPreference } from '../guards.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { navFor, navSwitchedOff } from './nav.ts';
import { MAIN_ID, PageFocus, SkipLink } from './PageFocus.tsx';

export function useSessionUser() {
  return useSyncExternalStore(session.subscribe, () => localStorage.getItem('LOGGED_USER')) ? session.user() : null;
}

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const menuId = useId();
  const { t } = useTranslation();
  const user = useSessionUser();
  const role = roleOf(user);
  // The organisation's preference, loaded with the session (guards.ts) before this layout renders.
  const preference = currentPreference() as PreferenceLike;
  const off = navSwitchedOff(role, preference);
  const location = useLocation();
  const navigate = useNavigate();
  // The phone drawer closes once a link is followed, so the page it opened is what shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change, by design
  useEffect(() => {
    close();
  }, [location.pathname, close]);

  async function logout() {
    try {
      await api.post('logout', {}, { silent: true });
    } catch {
      /* the session ends locally either way */
    }
    session.clear();
    navigate('/login');
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <SkipLink />
        {/* One line down to 320 px (ADR 0151): the header is fixed at 60 px, so it must never wrap. */}
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group wrap="nowrap" gap="xs">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('common.menu')}
              aria-expanded={opened}
              aria-controls={menuId}
            />
            <Text component={Link} to="/dashboard" fw={700} c="teal.9" fz={{ base: 'sm', sm: 'md' }}>
              {t('common.brand')}
            </Text>
          </Group>
          <Group wrap="nowrap" gap="xs">
            <LanguageSwitcher />
            <Text size="sm" visibleFrom="sm" data-testid="current-user">
              {user?.name} ({role ? t(`roles.${role}`) : ''})
            </Text>
            <Button variant="subtle" size="xs" px={6} onClick={logout}>
              {t('nav.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        id={menuId}
        component="nav"
        aria-label={t('common.menu')}
        className="wasiat-menu"
        mod={{ closed: !opened }}
      >
        <AppShell.Section grow component={ScrollArea} type="auto" scrollbars="y" p="xs">
          {navFor(role, preference).map((n) => (
            <NavLink key={n.to} component={Link} to={n.to} label={t(n.labelKey)} active={location.pathname === n.to} />
          ))}
          {off.length ? (
            <Text size="xs" c="dimmed" p="xs" data-testid="menu-switched-off">
              {t('instrument_offer.menu_off', { items: off.map((n) => t(n.labelKey)).join(', ') })}
            </Text>
          ) : null}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID}>
        <PageFocus />
        <LoadingBar />
        {/* AppShell.Main is the page's <main> landmark; no second <main> inside it. */}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
