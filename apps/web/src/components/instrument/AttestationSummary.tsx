/**
 * What a signed-link page shows its holder (issue 36 item 4; ADR 0228): the attestation view the API answers on
 * every such page (`AttestationView`, @wasiat/domain) — whose document it is (name and masked MyKad, or a
 * company's name and SSM number), the document's title, the version signed and its SHA-256 (the value the
 * signature event records). Written once for the amendment witness page and the hibah receiver, caretaker and
 * witness pages; nothing of heirs or other parties reaches the browser.
 */
import { Code, Paper, Stack, Table, Title } from '@mantine/core';
import { type AttestationView, HIBAH_TYPES, labelOf } from '@wasiat/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The document's title in the page's language ("Pindaan Wasiat P2026-000012", "Hibah Amanah Hartanah …"). */
export function useAttestationTitle(view: AttestationView) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const product = view.document.product != null ? labelOf(HIBAH_TYPES, view.document.product, lang) : '';
  return t(`public.attestation.title_${view.document.kind}`, {
    product,
    reference: view.document.reference ?? t('public.attestation.no_reference'),
  }).trim();
}

/** The subject, title, version and hash of the document a signed link attests. */
export function AttestationSummary({ view }: { view: AttestationView }) {
  const { t } = useTranslation();
  const title = useAttestationTitle(view);
  const who = view.subject.company ? t('public.attestation.company') : t('public.attestation.subject');
  const rows: [string, ReactNode, string][] = [
    [t('public.attestation.document'), title, 'attestation-title'],
    [
      who,
      view.subject.ic_number ? `${view.subject.name} (${view.subject.ic_number})` : view.subject.name,
      'attestation-subject',
    ],
    [t('public.attestation.version'), String(view.document.version), 'attestation-version'],
    [t('public.attestation.sha256'), <Code key="sha">{view.document.sha256}</Code>, 'attestation-sha256'],
  ];
  return (
    <Paper withBorder p="md" data-testid="attestation-summary">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('public.attestation.heading')}
        </Title>
        <Table>
          <Table.Caption>{t('public.attestation.caption')}</Table.Caption>
          <Table.Tbody>
            {rows.map(([label, value, id]) => (
              <Table.Tr key={id}>
                <Table.Th scope="row" w="35%">
                  {label}
                </Table.Th>
                <Table.Td data-testid={id} style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
