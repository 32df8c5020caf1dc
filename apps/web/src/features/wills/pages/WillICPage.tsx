/**
 * /wasiat/{wasiat_id}/IC — the will's MyKad front and back images (GET /api/wasiat/{id}/document, then each
 * image via the authorised GET /api/attachment/{id}/file as a Blob → object URL). 404 → "not found".
 */
import { Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { useAttachmentUrl } from '../../../lib/attachments.ts';
import { Busy } from '../components/Busy.tsx';
import { useWill, useWillList } from '../hooks/useWill.ts';
import type { Attachment } from '../types.ts';

function MykadImage({ attachment, label }: { attachment: Attachment | undefined; label: string }) {
  const { t } = useTranslation();
  const { url, failed } = useAttachmentUrl(attachment?.id);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2}>{label}</Title>
        {!attachment ? (
          <Text c="dimmed">{t('wills.doc.none')}</Text>
        ) : url ? (
          <Image src={url} alt={label} fit="contain" mah={320} data-testid="mykad-image" />
        ) : failed ? (
          <Text c="red">{t('wills.doc.load_failed')}</Text>
        ) : (
          <Busy />
        )}
      </Stack>
    </Paper>
  );
}

/** The IC page; see the file comment. */
export function WillICPage() {
  const { t } = useTranslation();
  const { wasiat_id } = useParams();
  const { will, isLoading, notFound } = useWill(wasiat_id);
  const docs = useWillList<Attachment>(will ? wasiat_id : null, 'document', 'attachments');
  if (isLoading) return <Busy />;
  if (notFound || !will) return <NotFoundPage />;
  const latest = (type: string) => [...(docs.data ?? [])].reverse().find((d) => d.type === type);
  return (
    <Stack>
      <Title order={1}>{t('wills.doc.ic_title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <MykadImage attachment={latest('mykad-front')} label={t('wills.doc.mykad-front')} />
        <MykadImage attachment={latest('mykad-back')} label={t('wills.doc.mykad-back')} />
      </SimpleGrid>
    </Stack>
  );
}
