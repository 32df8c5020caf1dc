/**
 * /pdpa — the personal data notice of the service under the Personal Data Protection Act 2010 (Act 709),
 * s. 7 (notice and choice), as amended in 2024 (spec §2 "Public"; issue 17 item 2): what is collected,
 * purposes, sources, disclosure, the data of others, obligatory fields, rights of access/correction/
 * withdrawal/deletion/portability, retention (ADR 0083, ADR 0075), security and contact. The text lives in
 * `locales/{ms,en}/public.json` (`public.pdpa`); public, no login. Linked from sign-up and every PDPA consent
 * box (components/PdpaLink.tsx).
 */
import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Section {
  title: string;
  items: string[];
}

/** The notice; see the file comment. */
export function PdpaPage() {
  const { t } = useTranslation();
  const sections = t('public.pdpa.sections', { returnObjects: true }) as Section[];
  return (
    <Stack component="article" gap="md" data-testid="pdpa-notice">
      <div>
        <Title order={1}>{t('public.pdpa.title')}</Title>
        <Text c="dimmed">{t('public.pdpa.subtitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('public.pdpa.updated')}
        </Text>
      </div>
      <Text>{t('public.pdpa.intro')}</Text>
      {Array.isArray(sections) &&
        sections.map((s) => (
          <Stack key={s.title} gap={4} component="section">
            <Title order={2} size="h4">
              {s.title}
            </Title>
            {s.items.length === 1 ? (
              <Text>{s.items[0]}</Text>
            ) : (
              <List spacing={4}>
                {s.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      <Text size="sm" fs="italic">
        {t('public.pdpa.language_note')}
      </Text>
    </Stack>
  );
}
