/**
 * The receivers' signing step of the hibah wizards (signpenerima; reference §3.2–§3.4; docs/api/hibah.md), once
 * the draft is accepted (status 3): each adult receiver signs here (`POST /api/hibah/{id}/receiver/{id}/signature`)
 * or through their own link (PartyLink.tsx); a minor's caretaker accepts by link (ADR 0167). When all have
 * signed, the hibah moves to status 4.
 */
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad, type SignatureValue } from '@/components/SignaturePad.tsx';
import { api } from '@/lib/api.ts';
import { type Hibah, useHibahRows, useRefreshHibah } from '../useHibah.ts';
import { PartyLink } from './PartyLink.tsx';

/**
 * Receivers sign (signpenerima): an adult here on this device, or through their own link. A minor (under 18,
 * `is_minor`) does not sign here: the caretaker accepts (qabul) through the link mailed to them, with their own
 * code (issue 21 item 4; ADR 0167) — the card names the caretaker and offers that link; once accepted it says
 * by whom (`accepted_by_caretaker_id`).
 */
export function PartSignReceivers({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const refresh = useRefreshHibah();
  const receivers = useHibahRows<any>(hibah.id, 'receiver', 'receivers');
  const caretakers = useHibahRows<any>(hibah.id, 'caretaker', 'caretakers');
  const [sigs, setSigs] = useState<Record<string, SignatureValue | null>>({});
  /** The caretaker of minor `r` (their own, else one covering every minor), as the server picks (links.ts). */
  const caretakerOf = (r: { id: string }) =>
    (caretakers.data ?? []).find((c) => c.receiver_id === r.id) ?? (caretakers.data ?? []).find((c) => !c.receiver_id);
  const ready = hibah.status === 3 && hibah.is_draft_accepted === 1;
  if (!ready && hibah.status < 4) return <Alert>{t('hibah.sign.not_yet')}</Alert>;
  const rows = receivers.data ?? [];
  const allSigned = rows.length > 0 && rows.every((r) => r.signed_at);
  return (
    <Stack>
      {rows.map((r) => (
        <Paper key={r.id} withBorder p="md" data-testid={`sign-${r.id}`}>
          <Stack>
            <Text fw={600}>{r.name}</Text>
            {r.signed_at ? (
              <Text c="green" data-testid={`signed-${r.id}`}>
                {r.accepted_by_caretaker_id
                  ? t('hibah.sign.done_by_caretaker', {
                      caretaker: (caretakers.data ?? []).find((c) => c.id === r.accepted_by_caretaker_id)?.name ?? '-',
                    })
                  : t('hibah.sign.done')}
              </Text>
            ) : r.is_minor ? (
              <Stack gap="xs" data-testid={`minor-${r.id}`}>
                <Text>
                  {caretakerOf(r)
                    ? t('hibah.sign.minor_by_caretaker', { name: r.name, caretaker: caretakerOf(r)?.name })
                    : t('hibah.sign.minor_no_caretaker', { name: r.name })}
                </Text>
                {caretakerOf(r) ? (
                  <Group>
                    <PartyLink
                      route="hibah.receiver"
                      hibahId={hibah.id}
                      idKey="receiver_id"
                      id={r.id}
                      phone={caretakerOf(r)?.mobile_number}
                    />
                  </Group>
                ) : null}
              </Stack>
            ) : (
              <>
                <SignaturePad
                  label={t('hibah.sign.pad', { name: r.name })}
                  required
                  onChange={(url, method) => setSigs((s) => ({ ...s, [r.id]: url ? { url, method } : null }))}
                />
                <Group>
                  <Button
                    disabled={!sigs[r.id]}
                    data-testid={`sign-save-${r.id}`}
                    onClick={async () => {
                      const sig = sigs[r.id];
                      if (!sig) return;
                      await api.post(`hibah/${hibah.id}/receiver/${r.id}/signature`, {
                        signature: sig.url,
                        signature_method: sig.method,
                      });
                      await refresh(hibah.id);
                    }}
                  >
                    {t('hibah.sign.save')}
                  </Button>
                  <PartyLink
                    route="hibah.receiver"
                    hibahId={hibah.id}
                    idKey="receiver_id"
                    id={r.id}
                    phone={r.mobile_number}
                  />
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      ))}
      {hibah.status === 3 ? (
        <Group>
          <Button
            disabled={!allSigned}
            data-testid="hibah-receivers-done"
            onClick={async () => {
              await api.post(`hibah/${hibah.id}`, { status: 4 });
              await refresh(hibah.id);
            }}
          >
            {t('hibah.sign.next')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
