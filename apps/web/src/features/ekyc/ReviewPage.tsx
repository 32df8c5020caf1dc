/**
 * /ekyc/review — manual eKYC reviews for staff with `ekyc:review` (reference §3.1 Part D; issue 3).
 * GET /api/ekyc/manual?status=pending lists the wills, hibahs, amendments (ADR 0094) and users' own eKYC of
 * /ekyc (ADR 0147) whose client reached the attempt limit and sent a selfie holding the MyKad; each card says
 * which record the request belongs to (kind, reference number, whose eKYC; issue 21 item 7); both images are fetched with the bearer token (GET
 * /api/attachment/{id}/file → object URL). Staff approve (eKYC verified, method "Manual"), reject with a
 * reason, or reset the attempt count (POST /api/ekyc/{id}/reset), each with `?ekycable_type=` of the record.
 */
import { Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { useAttachmentUrl } from '@/lib/attachments.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';

/** One pending review as the server lists it. */
export interface ManualReview {
  id: string;
  ekycable_type: 'Wasiat' | 'Hibah' | 'Amendment' | 'User';
  ekycable_id: string;
  wasiat_id: string | null;
  status: string;
  attachment_id: string;
  mykad_front_id: string | null;
  created_at: string;
  user: { id: string; name: string; ic_number: string | null };
  record: { id: string; face_verification_count: number; reference: string | null };
}

const QUERY_KEY = ['ekyc-manual', 'pending'];

/** An attachment image fetched with the bearer token. */
function AuthImage({ id, alt }: { id: string | null; alt: string }) {
  const { t } = useTranslation();
  const { url, failed } = useAttachmentUrl(id);
  if (!id) return <Text c="dimmed">{t('ekyc.review.no_image')}</Text>;
  if (failed) return <Text c="red">{t('ekyc.review.image_failed')}</Text>;
  return url ? <Image src={url} alt={alt} h={220} fit="contain" /> : <Text c="dimmed">…</Text>;
}

function ReviewCard({ r, onDone }: { r: ManualReview; onDone: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function act(kind: 'approve' | 'reject' | 'reset') {
    setError(null);
    if (kind === 'reject' && !reason.trim()) return setError(t('ekyc.review.reason_required'));
    setBusy(kind);
    try {
      const q = `?ekycable_type=${r.ekycable_type}`;
      if (kind === 'reset') await api.post(`ekyc/${r.ekycable_id}/reset${q}`, {}, { silent: true });
      else
        await api.post(`ekyc/manual/${r.ekycable_id}/${kind}${q}`, kind === 'reject' ? { reason } : {}, {
          silent: true,
        });
      successToast(t(`ekyc.review.${kind === 'approve' ? 'approved' : kind === 'reject' ? 'rejected' : 'reset_done'}`));
      await onDone();
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper withBorder p="md" data-testid="ekyc-review-item">
      <Stack gap="xs">
        <Group justify="space-between">
          <div>
            <Text size="sm" fw={600} data-testid="ekyc-review-record">
              {t(`ekyc.review.kind.${r.ekycable_type}`)}
              {r.ekycable_type !== 'User' &&
                ` · ${
                  r.record.reference
                    ? t('ekyc.review.reference', { ref: r.record.reference })
                    : t('ekyc.review.no_reference')
                }`}
            </Text>
            <Text>
              {t('ekyc.review.owner')}: {r.user.name}
            </Text>
            <Text size="sm">
              {t('ekyc.review.ic_number')}: {r.user.ic_number ?? '-'}
            </Text>
          </div>
          <Group gap="xs">
            <Badge variant="light">{t('ekyc.review.attempts', { n: r.record.face_verification_count })}</Badge>
            <Text size="sm">
              {t('ekyc.review.submitted')}: {formatDateTime(r.created_at, i18n.language)}
            </Text>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('ekyc.review.selfie')}
            </Text>
            <AuthImage id={r.attachment_id} alt={t('ekyc.review.selfie')} />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('ekyc.review.mykad')}
            </Text>
            <AuthImage id={r.mykad_front_id} alt={t('ekyc.review.mykad')} />
          </Stack>
        </SimpleGrid>
        <Textarea
          label={t('ekyc.review.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={1}
        />
        <FormError message={error} />
        <Group>
          <Button color="teal" loading={busy === 'approve'} onClick={() => act('approve')} data-testid="ekyc-approve">
            {t('ekyc.review.approve')}
          </Button>
          <Button color="red" variant="light" loading={busy === 'reject'} onClick={() => act('reject')}>
            {t('ekyc.review.reject')}
          </Button>
          <Button variant="default" loading={busy === 'reset'} onClick={() => act('reset')}>
            {t('ekyc.review.reset')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The staff review page; see the file comment. */
export function EkycReviewPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => api.get<{ data: ManualReview[] }>('ekyc/manual', { status: 'pending' }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: QUERY_KEY });
  const rows = q.data?.data ?? [];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('ekyc.review.title')}
      </Title>
      <Text>{t('ekyc.review.intro')}</Text>
      {q.isSuccess && rows.length === 0 && <Text c="dimmed">{t('ekyc.review.empty')}</Text>}
      {rows.map((r) => (
        <ReviewCard key={r.id} r={r} onDone={refresh} />
      ))}
    </Stack>
  );
}
