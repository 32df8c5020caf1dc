/**
 * On a will's details page: its current version, the earlier versions for staff (each with its PDF,
 * `GET /api/wasiat/{id}/certificate/final?version=n`; ADR 0021) and its amendments with their status; a
 * succeeded amendment links its sealed amended will (ADR 0074).
 */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@/lib/api.ts';
import { useWillAmendments } from '../api.ts';
import { AmendmentStatusBadge } from './AmendmentStatus.tsx';

interface Versions {
  current_version: number;
  versions: { version_no: number; created_at: string; current: number }[];
}

async function openPdf(willId: string, version: number) {
  const blob = await api.downloadPdf(`wasiat/${willId}/certificate/final?version=${version}`);
  window.open(URL.createObjectURL(blob), '_blank');
}

/** The sealed amended will of a succeeded amendment (`GET /api/amendment/{id}/certificate/comprehensive`; ADR 0074). */
async function openAmendedPdf(amendmentId: string) {
  const blob = await api.downloadPdf(`amendment/${amendmentId}/certificate/comprehensive`);
  window.open(URL.createObjectURL(blob), '_blank');
}

export function WillVersionPanel({ willId, status }: { willId: string; status: number }) {
  const { t } = useTranslation();
  const v = useQuery({
    queryKey: ['amendments', 'versions', willId],
    enabled: status === 2,
    queryFn: async () => api.get<Versions>(`wasiat/${willId}/versions`),
  });
  const list = useWillAmendments(status === 2 ? willId : undefined);
  if (status !== 2) return null;
  return (
    <Paper withBorder p="md" data-testid="will-versions">
      <Stack gap="xs">
        <Title order={2}>{t('amendments.versions.title')}</Title>
        <Text data-testid="current-version">
          {t('amendments.f.current_version')}: {v.data?.current_version ?? '…'}
        </Text>
        {(v.data?.versions ?? [])
          .filter((x) => !x.current)
          .map((x) => (
            <Group key={x.version_no}>
              <Anchor component="button" type="button" onClick={() => openPdf(willId, x.version_no)}>
                {t('amendments.versions.pdf', { n: x.version_no })}
              </Anchor>
            </Group>
          ))}
        {(list.data ?? []).map((a) => (
          <Text key={a.id}>
            {a.reference_no} <AmendmentStatusBadge status={a.status} />{' '}
            <Anchor component={Link} to={`/wasiat/${willId}/pindaan-a`}>
              {t('amendments.list.open')}
            </Anchor>
            {a.status === 2 && (
              <>
                {' · '}
                <Anchor component="button" type="button" onClick={() => openAmendedPdf(a.id)}>
                  {t('amendments.versions.amended_pdf')}
                </Anchor>
              </>
            )}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
