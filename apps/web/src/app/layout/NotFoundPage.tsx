/** "Not found" page: unknown paths and records the user may not see (the API answered 404). */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('common.not_found_title')}</Title>
      <Text>{t('common.not_found_text')}</Text>
      <Anchor component={Link} to="/">
        {t('common.back_home')}
      </Anchor>
    </Stack>
  );
}
