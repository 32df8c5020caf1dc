/**
 * Layout of public pages: header with brand, language switch and a login link — or, for a user who is
 * logged in (a stored session), a link back to their dashboard (issue 21 item 9: /payment-status offered
 * "Log Masuk" to a logged-in user).
 */
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { session } from '../../lib/storage.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { MAIN_ID, PageFocus, SkipLink } from './PageFocus.tsx';

export function PublicLayout() {
  const { t } = useTranslation();
  const loggedIn = useSyncExternalStore(session.subscribe, () => !!session.token());
  return (
    <Box>
      <SkipLink />
      <PageFocus />
      <Box
        component="header"
        py="sm"
        px={{ base: 'xs', sm: 'md' }}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {/* One line down to 320 px (ADR 0151): no wrapping, tighter gaps and a smaller brand on phones. */}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text component={Link} to="/" fw={700} c="teal.9" fz={{ base: 'sm', sm: 'md' }}>
            {t('common.brand')}
          </Text>
          <Group wrap="nowrap" gap="xs">
            <LanguageSwitcher />
            {loggedIn ? (
              <Anchor component={Link} to="/dashboard">
                {t('nav.dashboard')}
              </Anchor>
            ) : (
              <Anchor component={Link} to="/login">
                {t('nav.login')}
              </Anchor>
            )}
          </Group>
        </Group>
      </Box>
      <LoadingBar />
      <Container size="md" py="lg" component="main" id={MAIN_ID}>
        <Outlet />
      </Container>
    </Box>
  );
}
