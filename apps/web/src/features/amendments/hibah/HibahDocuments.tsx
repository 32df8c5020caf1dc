/**
 * Sealed documents of a hibah's versions (issue 11, issue 5; ADR 0098), opened in a new tab from a blob
 * (the bearer never goes into a URL):
 * - {@link AmendedHibahLink}: the amended hibah of a succeeded hibah amendment
 *   (`GET /api/amendment/{id}/certificate/comprehensive`);
 * - {@link HibahVersionsPanel}: the certificate of the current version for whoever may see the hibah, and
 *   for staff-side roles each earlier version's (`GET /api/hibah/{id}/versions`, then
 *   `GET /api/hibah/{id}/certificate?version=n`; the API lists earlier versions to staff only).
 */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/features/wills/index.ts';
import { ApiError, api } from '@/lib/api.ts';

interface Versions {
  current_version: number;
  versions: { version_no: number; created_at: string; amendment_id: string | null; current: number }[];
}

/** Open a PDF of the API in a new tab; @returns an error message, or null. */
async function openPdf(path: string, failed: string): Promise<string | null> {
  try {
    const blob = await api.downloadPdf(path);
    window.open(URL.createObjectURL(blob), '_blank');
    return null;
  } catch (e) {
    return e instanceof ApiError ? e.firstMessage : failed;
  }
}

/** A button-link to the amended hibah of succeeded amendment `amendmentId`. */
export function AmendedHibahLink({ amendmentId }: { amendmentId: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Anchor
        component="button"
        type="button"
        data-testid="amended-hibah-pdf"
        onClick={async () =>
          setError(
            await openPdf(`amendment/${amendmentId}/certificate/comprehensive`, t('hibahAmendments.documents.failed')),
          )
        }
      >
        {t('hibahAmendments.documents.amended')}
      </Anchor>
      {error && <Notice color="red">{error}</Notice>}
    </Stack>
  );
}

/** The versions of registered hibah `hibahId` with their certificates (earlier ones for staff only). */
export function HibahVersionsPanel({ hibahId }: { hibahId: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const v = useQuery({
    queryKey: ['hibah', hibahId, 'versions'],
    queryFn: async () => api.get<Versions>(`hibah/${hibahId}/versions`),
  });
  if (!v.data) return null;
  const current = v.data.current_version;
  const earlier = v.data.versions.filter((x) => !x.current).sort((p, q) => q.version_no - p.version_no);
  const open = async (n: number) =>
    setError(await openPdf(`hibah/${hibahId}/certificate?version=${n}`, t('hibahAmendments.documents.failed')));
  return (
    <Paper withBorder p="sm" data-testid="hibah-versions">
      <Stack gap={4}>
        <Title order={3}>{t('hibahAmendments.documents.versions')}</Title>
        <Anchor component="button" type="button" onClick={() => open(current)} data-testid="hibah-version-current">
          {t('hibahAmendments.documents.current', { n: current })}
        </Anchor>
        {earlier.map((x) => (
          <Anchor
            key={x.version_no}
            component="button"
            type="button"
            onClick={() => open(x.version_no)}
            data-testid={`hibah-version-${x.version_no}`}
          >
            {t('hibahAmendments.documents.version', { n: x.version_no })}
          </Anchor>
        ))}
        {earlier.length === 0 && current > 1 && (
          <Text size="sm" c="dimmed">
            {t('hibahAmendments.documents.earlier_staff')}
          </Text>
        )}
        {error && <Notice color="red">{error}</Notice>}
      </Stack>
    </Paper>
  );
}
