/**
 * The hibah amendment's identity page /trust/pindaan/{amendment_id}/ekyc (issue 3; ADR 0097): the grantor's
 * MyKad front and back for this amendment — uploaded again, or copied from the hibah's own images (`POST
 * /api/amendment/{id}/document { duplicate_from_id, type: "mykad_front" | "mykad_back" }`) — then the face
 * verification against that front (the shared eKYC step, `ekycable_type: "Amendment"`), as the will
 * amendment's page does. Submitting the amendment needs this eKYC passed; the server checks it too (422 on
 * `ekyc`). Only the grantor acts, while the amendment is drafted and paid; others see where it stands.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DocumentRow, EkycStep, MykadImages, sidesOf } from '@/features/ekyc/index.ts';
import { api } from '@/lib/api.ts';
import { useAmendmentContext } from '../components/AmendmentWizard.tsx';

/** The MyKad & eKYC part of a hibah amendment; see the file comment. */
export function HibahIdentityPart() {
  const { t } = useTranslation();
  const { amendment: a, editable, refresh } = useAmendmentContext();
  const hibahDocs = useQuery({
    queryKey: ['hibah', a.amendmentable_id, 'document'],
    enabled: editable,
    queryFn: async () =>
      (await api.get<{ attachments: { data: DocumentRow[] } }>(`hibah/${a.amendmentable_id}/document`)).attachments
        .data,
  });
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.ekyc')}</Title>
      <Text>{t('hibahAmendments.identity.intro')}</Text>
      <MykadImages
        path={`amendment/${a.id}/document`}
        editable={editable}
        copyFrom={sidesOf(hibahDocs.data)}
        copySource="hibah"
        title={t('hibahAmendments.identity.mykad')}
        onSaved={() => void refresh()}
      />
      <EkycStep
        title={t('hibahAmendments.identity.ekyc')}
        record={{
          type: 'Amendment',
          id: a.id,
          userId: a.user_id,
          ekycVerifiedAt: a.ekyc_verified_at ?? null,
          faceVerificationCount: a.face_verification_count ?? 0,
        }}
        editable={editable}
        onChanged={refresh}
      />
    </Stack>
  );
}
