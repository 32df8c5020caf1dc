/**
 * The home page "/" (spec §2, public): a short welcome explaining the service, with links to log in and
 * sign up. A logged-in user never sees it: the route's loader (`homeLoader` in routes.tsx) sends them to
 * /dashboard/agent (spec §2 "The root path redirects to /dashboard/agent"), which in turn sends every
 * role but Agent on to /dashboard.
 */
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportContact } from '@/components/SupportContact.tsx';

/** The public welcome page. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" py="md">
      <Title order={1}>{t('auth.home.title')}</Title>
      <Text size="lg">{t('auth.home.lead')}</Text>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('auth.home.how_title')}
        </Title>
        <List spacing="xs">
          <List.Item>{t('auth.home.step_1')}</List.Item>
          <List.Item>{t('auth.home.step_2')}</List.Item>
          <List.Item>{t('auth.home.step_3')}</List.Item>
          <List.Item>{t('auth.home.step_4')}</List.Item>
        </List>
      </Stack>
      <Text size="sm" c="dimmed">
        {t('auth.home.faraid_note')}
      </Text>
      <Group>
        <Button component={Link} to="/sign-up" size="md">
          {t('auth.home.sign_up')}
        </Button>
        <Button component={Link} to="/login" size="md" variant="outline">
          {t('auth.home.login')}
        </Button>
        <Button component={Link} to="/faraid" size="md" variant="subtle">
          {t('faraid.page.open')}
        </Button>
      </Group>
      <SupportContact />
    </Stack>
  );
}
