/**
 * Part B of the hibah wizards — the grantor's identity (issue 3; reference §3.2–§3.4; docs/api/hibah.md): the
 * MyKad front and back (`POST /api/hibah/{id}/document`), then the shared eKYC step with
 * `ekycable_type: "Hibah"`; for a corporate product, of the person who acts for the company. The server refuses
 * submitting and accepting without a passed eKYC (ADR 0096). A check the grantor already passed for a will or
 * another hibah is offered first (IdentityReuse, ADR 0251); the upload and the eKYC stay to change it.
 */
import { Alert, Stack } from '@mantine/core';
import { CORPORATE_HIBAH_TYPES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { EkycStep, MykadImages } from '@/features/ekyc/index.ts';
import { mayFill } from '../access.ts';
import { type Hibah, useRefreshHibah } from '../useHibah.ts';
import { IdentityReuse } from './IdentityReuse.tsx';

/**
 * Part B: the grantor's identity — MyKad front and back (`POST /api/hibah/{id}/document`), then the face
 * verification against the front (the shared eKYC step, `ekycable_type: "Hibah"`). Only the grantor or the
 * agent who registered the hibah, while it is being filled in.
 */
export function PartB({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const editable = mayFill(hibah);
  const corporate = (CORPORATE_HIBAH_TYPES as readonly number[]).includes(hibah.hibah_type);
  return (
    <Stack>
      {corporate ? <Alert data-testid="hibah-acting-person">{t('hibah.company.acting_person')}</Alert> : null}
      <IdentityReuse hibah={hibah} onReused={() => void refresh(hibah.id)} />
      <MykadImages
        path={`hibah/${hibah.id}/document`}
        editable={editable}
        title={t('hibah.identity.mykad')}
        onSaved={() => void refresh(hibah.id)}
      />
      <EkycStep
        title={t('hibah.identity.ekyc')}
        record={{
          type: 'Hibah',
          id: hibah.id,
          userId: hibah.user_id,
          ekycVerifiedAt: (hibah.ekyc_verified_at as string | null) ?? null,
          faceVerificationCount: Number(hibah.face_verification_count ?? 0),
        }}
        editable={editable}
        onChanged={() => refresh(hibah.id)}
      />
    </Stack>
  );
}
