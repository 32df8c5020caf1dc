/**
 * The amendment's identity page /wasiat/{wasiat_id}/pindaan-ekyc (issue 3; ADR 0094): the testator's MyKad
 * front and back for this amendment — uploaded again, or copied from the will's (`POST
 * /api/amendment/{id}/document { duplicate_from_id, type: "mykad_front" | "mykad_back" }`, reference §2.4) —
 * then the face verification against that front (the shared eKYC step, `ekycable_type: "Amendment"`).
 * Submitting the amendment (part h) needs this eKYC passed; the server checks it too (422 on `ekyc`).
 */
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DocumentRow, EkycStep, MykadImages, sidesOf } from '@/features/ekyc/index.ts';
import { api } from '@/lib/api.ts';
import { useAmendmentContext } from '../components/AmendmentWizard.tsx';

/** The eKYC page of the amendment wizard; see the file comment. */
export function PindaanEkyc() {
  const { t } = useTranslation();
  const { amendment: a, wasiatId, editable, refresh } = useAmendmentContext();
  const willDocs = useQuery({
    queryKey: ['wasiat', wasiatId, 'document'],
    queryFn: async () =>
      (await api.get<{ attachments: { data: DocumentRow[] } }>(`wasiat/${wasiatId}/document`)).attachments.data,
  });
  // The will's images (listed newest first).
  const copyFrom = sidesOf(willDocs.data);
  return (
    <Stack>
      <MykadImages
        path={`amendment/${a.id}/document`}
        editable={editable}
        copyFrom={copyFrom}
        title={t('amendments.identity.mykad')}
        onSaved={() => void refresh()}
      />
      <EkycStep
        title={t('amendments.identity.ekyc')}
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
