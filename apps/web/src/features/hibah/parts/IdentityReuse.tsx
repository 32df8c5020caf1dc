/**
 * The offer to reuse an identity check the grantor already passed (issue 34, issue 37 item 6; ADR 0251):
 * `GET /api/hibah/{id}/identity/reuse` says whether the grantor's will (or another hibah) has a recent passed
 * eKYC with its MyKad images; the card's button calls `POST` the same path, which copies the images and passes
 * the hibah's eKYC. The normal upload and face verification below stay available to change them.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { isGrantor, mayFill } from '../access.ts';
import type { Hibah } from '../useHibah.ts';

/** The reply of `GET /api/hibah/{id}/identity/reuse`. */
export interface ReuseOffer {
  reusable: { source_type: 'Wasiat' | 'Hibah'; source_id: string; verified_at: string } | null;
  reason: 'none' | 'expired' | 'mykad_changed' | null;
  window_months: number;
}

/**
 * The reuse card of part B: shown to the grantor while the hibah is filled in, its eKYC not yet passed, and a
 * passed check is reusable; `onReused` after the server copied it (the caller re-reads the hibah).
 */
export function IdentityReuse({ hibah, onReused }: { hibah: Hibah; onReused: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const wanted = isGrantor(hibah) && mayFill(hibah) && !hibah.ekyc_verified_at;
  const offer = useQuery({
    queryKey: ['hibah', hibah.id, 'identity-reuse'],
    enabled: wanted,
    queryFn: () => api.get<ReuseOffer>(`hibah/${hibah.id}/identity/reuse`),
  });
  const src = offer.data?.reusable;
  if (!wanted || !src) return null;
  const reuse = async () => {
    setBusy(true);
    try {
      await api.post(`hibah/${hibah.id}/identity/reuse`, {});
      onReused();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert data-testid="hibah-identity-reuse" color="teal">
      <Group justify="space-between">
        <Text size="sm">
          {t(src.source_type === 'Wasiat' ? 'hibah.identity.reuse_from_will' : 'hibah.identity.reuse_from_hibah', {
            date: formatDate(src.verified_at, i18n.language),
          })}
        </Text>
        <Button onClick={() => void reuse()} loading={busy}>
          {t('hibah.identity.reuse_button')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t('hibah.identity.reuse_change')}
      </Text>
    </Alert>
  );
}
