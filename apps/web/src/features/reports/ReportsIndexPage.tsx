/** /dashboard/report: the list of reports, each a link with a short description. */
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_SCREENS } from './config.ts';

export function ReportsIndexPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t('reports.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {REPORT_SCREENS.map((s) => (
          <Card key={s.path} withBorder>
            <Anchor component={Link} to={s.path} fw={600}>
              {t(`reports.${s.key}.title`)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t(`reports.${s.key}.description`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
