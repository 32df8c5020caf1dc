/**
 * Part eKYC — face verification of the testator (issue 3; spec §2 /wasiat/ekyc, §4 "eKYC completion and
 * failed count", §9 minimum score 70): the shared eKYC step (features/ekyc/EkycStep.tsx) for the will
 * (`ekycable_type: 'Wasiat'`), comparing the selfie with the MyKad front of Part Document. A pass marks the
 * part done on the server. After the limit (reference §3.1 Part D) the manual selfie goes to
 * `POST /api/wasiat/{id}/document` type `ekyc-manual`. Someone other than the testator (an agent registering
 * them) also sees a signed eKYC link to send the client, and may revoke it (EkycLinkPanel.tsx; ADR 0091, 0095).
 */
import { useTranslation } from 'react-i18next';
import { EkycLinkPanel, EkycStep } from '@/features/ekyc/index.ts';
import { api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { useWizard } from '../components/WizardLayout.tsx';

/** Part eKYC page; see the file comment. */
export function PartEkyc() {
  const { t } = useTranslation();
  const { will, wasiatId, editable, refresh, goNext } = useWizard();
  if (!will || !wasiatId) return null;
  const count = (will as { face_verification_count?: number }).face_verification_count ?? 0;
  return (
    <EkycStep
      title={t('wills.parts.ekyc')}
      record={{
        type: 'Wasiat',
        id: wasiatId,
        userId: will.user_id,
        ekycVerifiedAt: will.ekyc_verified_at ?? null,
        faceVerificationCount: count,
      }}
      editable={editable}
      onChanged={refresh}
      onNext={() => void goNext('ekyc')}
      uploadManual={(document) =>
        api.post(`wasiat/${wasiatId}/document`, { is_base64: true, type: 'ekyc-manual', document }, { silent: true })
      }
    >
      {/* An agent or staff member helping the client can send them a link to do it themselves (ADR 0091). */}
      {!will.ekyc_verified_at && will.user_id !== session.user()?.id && <EkycLinkPanel wasiatId={wasiatId} />}
    </EkycStep>
  );
}
