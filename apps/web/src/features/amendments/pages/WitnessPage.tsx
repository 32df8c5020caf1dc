/**
 * /pindaan/saksi/{witness_id}?expires&signature — the page a witness opens from the link in their e-mail
 * (issue 4; ADR 0020; a hibah amendment's witnesses too, issue 5, ADR 0038). Public (no login): the signed link is
 * the credential. The witness sees only what they attest (issue 36 item 4; ADR 0228): the testator (masked MyKad),
 * the amendment's title, version and SHA-256 (AttestationSummary) — never the draft's heirs or the other
 * witnesses — requests and verifies a one-time code (e-mailed), signs on the signature pad and confirms. A
 * tampered or expired link shows the server's message ("link invalid or expired").
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AttestationView } from '@wasiat/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AttestationSummary } from '@/components/instrument/AttestationSummary.tsx';
import { CodeStep } from '@/components/instrument/CodeStep.tsx';
import { SignaturePad, type SignaturePadHandle } from '@/components/SignaturePad.tsx';
import { Busy, Notice } from '@/features/wills/index.ts';
import { ApiError, publicApi } from '@/lib/api.ts';

export function WitnessPage() {
  const { t } = useTranslation();
  const { witness_id = '' } = useParams();
  const [params] = useSearchParams();
  const link = { expires: params.get('expires') ?? '', signature: params.get('signature') ?? '' };
  const qs = `?expires=${encodeURIComponent(link.expires)}&signature=${encodeURIComponent(link.signature)}`;
  const base = `amendment-witness/${witness_id}`;
  const q = useQuery({
    queryKey: ['amendment-witness', witness_id, link.expires],
    retry: false,
    queryFn: async () => publicApi.get<AttestationView>(`${base}`, link, { silent: true }),
  });
  const pad = useRef<SignaturePadHandle>(null);
  const [otp, setOtp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  if (q.isLoading) return <Busy />;
  if (q.error || !q.data) {
    const msg = q.error instanceof ApiError ? q.error.firstMessage : t('amendments.link_invalid');
    return (
      <Stack>
        <Title order={1}>{t('amendments.witness.title')}</Title>
        <Notice color="red" role="alert">
          {msg}
        </Notice>
      </Stack>
    );
  }
  const view = q.data;
  const hibah = view.document.kind === 'hibah_amendment';
  const title = t(hibah ? 'hibahAmendments.witness.title' : 'amendments.witness.title');
  const confirmed = done || !!view.party.done_at;
  const confirm = async () => {
    setError(null);
    const png = pad.current?.toDataURL();
    if (!png) return setError(t('wills.witness_signature_required'));
    try {
      await publicApi.post(
        `${base}/confirm${qs}`,
        { signature: png, signature_method: pad.current?.method() ?? 'drawn' },
        { silent: true },
      );
      setDone(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    }
  };
  return (
    <Stack maw={900} mx="auto" p="md">
      <Title order={1}>{title}</Title>
      <Text>
        {t('amendments.witness.hello', {
          name: view.party.name,
          testator: view.subject.name,
          reference: view.document.reference ?? '',
        })}
      </Text>
      <AttestationSummary view={view} />
      {confirmed ? (
        <Notice color="green" role="status" data-testid="witness-confirmed">
          {t('amendments.witness.thanks')}
        </Notice>
      ) : !view.step.open ? (
        <Notice color="yellow">{t('amendments.witness.not_open')}</Notice>
      ) : (
        <Stack>
          <CodeStep
            link={{
              request: () => publicApi.post(`${base}/otp${qs}`, {}, { silent: true }),
              verify: (code) => publicApi.post(`${base}/otp/verify${qs}`, { code }, { silent: true }),
            }}
            action="confirm"
            onVerified={() => setOtp(true)}
          />
          <SignaturePad ref={pad} label={t('amendments.witness.signature')} required error={error ?? undefined} />
          <Button onClick={confirm} disabled={!otp} data-testid="witness-confirm">
            {t('amendments.witness.confirm')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
