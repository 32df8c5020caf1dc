/**
 * /bantuan/tandatangan-wasiat — help: what the will's screen signature does and does not do under the Electronic
 * Commerce Act 2006 (Act 658) s. 2(2) and Schedule and the Digital Signature Act 1997 (Act 562) s. 62, and how to
 * execute the will by hand — print the sealed will, sign before two witnesses, upload the scan, staff check it
 * against the sealed hash printed on every page (issue 41 item 1; ADR 0266). Public, no login; text in
 * `executed_original.*` (packages/domain and web locales, Malay and English).
 */
import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SignatureLawNotice } from '@/components/SignatureLaw.tsx';

/** The help page; see the file comment. */
export function SignatureHelpPage() {
  const { t } = useTranslation();
  const steps = t('executed_original.help.steps', { returnObjects: true }) as string[];
  return (
    <Stack component="article" gap="md" data-testid="signature-help">
      <Title order={1}>{t('executed_original.help.title')}</Title>
      <SignatureLawNotice helpLink={false} />
      <Title order={2} size="h4">
        {t('executed_original.help.steps_title')}
      </Title>
      {Array.isArray(steps) && (
        <List type="ordered" spacing={4}>
          {steps.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
      )}
      <Text size="sm" c="dimmed">
        {t('executed_original.help.not_done')}
      </Text>
    </Stack>
  );
}
