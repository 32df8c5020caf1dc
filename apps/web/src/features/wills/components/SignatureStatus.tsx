/**
 * Whose signature the will still needs (issue 17 item 4): `GET /api/wasiat/{id}/signature-status` tells, for
 * the testator and each witness, whether their latest signature is of the will as it is now (`current`), of an
 * earlier version (`earlier_version`: the content changed after they signed, e.g. corrected after "cancel for
 * update") or `missing`. The server refuses to submit or confirm until all are current; this says so first.
 */
import { Anchor, List, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '@/lib/api.ts';
import { Notice } from '../../../components/Notice.tsx';
import { PARTS, partUrl } from '../lib/parts.ts';

/** One signer's state. */
export type SignatureState = 'current' | 'earlier_version' | 'missing';

/** The reply of `GET /api/wasiat/{id}/signature-status`. */
export interface SignatureStatus {
  version: string;
  testator: { state: SignatureState; signed_at: string | null };
  witnesses: { id: string; name: string; state: SignatureState; signed_at: string | null }[];
}

/** The will's signature status (null while loading or without a will) and a refresh after a signature. */
export function useSignatureStatus(wasiatId: string | null) {
  const qc = useQueryClient();
  const key = ['wasiat', wasiatId ?? '', 'signature-status'];
  const q = useQuery({
    queryKey: key,
    enabled: !!wasiatId,
    queryFn: async () =>
      (
        await api.get<{ signatures: SignatureStatus }>(`wasiat/${wasiatId}/signature-status`, undefined, {
          silent: true,
        })
      ).signatures,
  });
  return { status: q.data ?? null, refresh: () => qc.invalidateQueries({ queryKey: key }) };
}

/** A notice naming every signer who must sign again; nothing when no signature is of an earlier version. */
export function SignatureStatusNotice({ status, wasiatId }: { status: SignatureStatus | null; wasiatId: string }) {
  const { t } = useTranslation();
  if (!status) return null;
  const testator = status.testator.state === 'earlier_version';
  const stale = status.witnesses.filter((w) => w.state === 'earlier_version');
  if (!testator && stale.length === 0) return null;
  const partF = PARTS.find((p) => p.key === 'f');
  return (
    <Notice color="orange" title={t('wills.resign.title')} data-testid="signatures-stale">
      <Text size="sm">{t('wills.resign.text')}</Text>
      <List size="sm">
        {testator && (
          <List.Item>
            {t('wills.resign.testator')}{' '}
            {partF && (
              <Anchor component={Link} to={partUrl(partF, wasiatId)}>
                {t('wills.resign.go_sign')}
              </Anchor>
            )}
          </List.Item>
        )}
        {stale.map((w) => (
          <List.Item key={w.id}>{t('wills.resign.witness', { name: w.name })}</List.Item>
        ))}
      </List>
    </Notice>
  );
}
