/**
 * Pages for parties without an account, opened from their signed link (ADR 0032):
 * /hibah/penerima/{id}/{receiver_id} (a receiver asks for a code — by e-mail, or by SMS when they have no
 * e-mail — enters it and signs; issue 3, ADR 0096) and /hibah/saksi/{id}/{witness_id} (a witness asks
 * for a code by e-mail, enters it and signs); and the certificate's QR target /public/hibah/{id}, the
 * will page's twin: the masked facts and the upload check of a PDF copy (DocumentCheck, issue 11).
 */
import { Alert, Button, Container, Group, List, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { HIBAH_TYPES, labelOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { SignaturePad, useSignatureValue } from '@/components/SignaturePad.tsx';
import { DocumentCheck } from '@/features/public/DocumentCheck.tsx';
import { ApiError, publicApi } from '@/lib/api.ts';

function useLink(kind: 'receiver' | 'witness') {
  const { id, pid } = useParams();
  const { search } = useLocation();
  const path = `public/hibah/${id}/${kind}/${pid}`;
  return { path, search };
}

/** What the receiver's page shows them (`GET /public/hibah/{id}/receiver/{rid}`; issue 21 items 3, 4). */
interface ReceiverGiftData {
  receiver: { name: string; minor: number; caretaker: { name: string } | null };
  gift: {
    shares: { property: string; portion: string }[];
    caretakers: {
      name: string;
      ic: string;
      relationship: string;
      allowance: { amount: string; frequency: string } | null;
    }[];
  };
  document_sha256: string;
}

/**
 * What is given, shown where the receiver accepts (issue 21 item 3): each property and share, the minor
 * flag and the caretaker with the allowance, and the version (SHA-256) they accept; a minor's acceptance
 * (qabul) is given by the caretaker (item 4). Property and relationship labels come from the server in
 * "Malay / English".
 */
function ReceiverGift({ data }: { data: ReceiverGiftData }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="receiver-gift">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('hibah.party.gift_title')}
        </Title>
        {data.gift.shares.length ? (
          <List>
            {data.gift.shares.map((s) => (
              <List.Item key={s.property}>
                {t('hibah.party.share', { property: s.property, portion: s.portion })}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text>{t('hibah.party.no_share')}</Text>
        )}
        {data.receiver.minor ? <Text data-testid="receiver-minor">{t('hibah.party.minor')}</Text> : null}
        {data.gift.caretakers.map((c) => (
          <Text key={c.name + c.ic}>
            {t('hibah.party.caretaker', { name: c.name, ic: c.ic, relationship: c.relationship })}{' '}
            {c.allowance
              ? t('hibah.party.allowance', { amount: c.allowance.amount, frequency: c.allowance.frequency })
              : t('hibah.party.no_allowance')}
          </Text>
        ))}
        {data.receiver.caretaker ? (
          <Alert data-testid="receiver-caretaker-accepts">
            {t('hibah.party.caretaker_accepts', { caretaker: data.receiver.caretaker.name, name: data.receiver.name })}
          </Alert>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('hibah.party.version', { sha: data.document_sha256 })}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * A receiver signs through their link: a code (e-mail or SMS), then code + signature. A minor's link is the
 * caretaker's: titled as the caretaker's acceptance, the code goes to the caretaker, who signs (ADR 0119, 0167).
 */
export function ReceiverSignPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const { path, search } = useLink('receiver');
  const q = useQuery({ queryKey: [path, search], queryFn: () => publicApi.get<any>(path + search) });
  const [sig, setSig] = useSignatureValue();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (q.isLoading) return <Loader />;
  if (!q.data) return <Alert color="red">{t('hibah.link_invalid')}</Alert>;
  return (
    <Container size="sm">
      <Stack>
        <Title order={1}>
          {t(q.data.receiver.caretaker ? 'hibah.party.caretaker_title' : 'hibah.party.receiver_title')}
        </Title>
        <Text>
          {t('hibah.party.from', {
            grantor: q.data.hibah.grantor.name,
            product: labelOf(HIBAH_TYPES, q.data.hibah.hibah_type, lang),
          })}
        </Text>
        <ReceiverGift data={q.data} />
        {done || q.data.receiver.signed_at ? (
          <Alert data-testid="party-done">{done ?? t('hibah.sign.done')}</Alert>
        ) : (
          <Paper withBorder p="md">
            <Stack>
              <Group>
                <Button
                  variant="outline"
                  data-testid="party-send-code"
                  onClick={async () => {
                    setError(null);
                    try {
                      const r = await publicApi.post<{ message: string; otp: { destination: string } }>(
                        `${path}/otp${search}`,
                        {},
                        { silent: true },
                      );
                      setSent(t('hibah.identity.code_sent_to', { to: r.otp.destination }));
                    } catch (e) {
                      setError(e instanceof ApiError ? e.firstMessage : String(e));
                    }
                  }}
                >
                  {t('hibah.party.send_code')}
                </Button>
                {sent ? (
                  <Text size="sm" role="status">
                    {sent}
                  </Text>
                ) : null}
              </Group>
              <TextInput
                label={t('hibah.party.code')}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                inputMode="numeric"
                required
                data-testid="party-code"
              />
              <SignaturePad
                label={
                  q.data.receiver.caretaker
                    ? t('hibah.party.caretaker_pad', { name: q.data.receiver.caretaker.name })
                    : t('hibah.sign.pad', { name: q.data.receiver.name })
                }
                required
                onChange={setSig}
              />
              {error ? (
                <Text c="red.9" role="alert">
                  {error}
                </Text>
              ) : null}
              <Group>
                <Button
                  disabled={!sig || code.length !== 6}
                  data-testid="party-sign"
                  onClick={async () => {
                    setError(null);
                    try {
                      const r = await publicApi.post<{ message: string }>(
                        `${path}/sign${search}`,
                        { code, signature: sig?.url, signature_method: sig?.method },
                        { silent: true },
                      );
                      setDone(r.message);
                    } catch (e) {
                      setError(e instanceof ApiError ? e.firstMessage : String(e));
                    }
                  }}
                >
                  {t('hibah.sign.save')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

/** A witness confirms through their link: code by e-mail, then code + signature. */
export function WitnessConfirmPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const { path, search } = useLink('witness');
  const q = useQuery({ queryKey: [path, search], queryFn: () => publicApi.get<any>(path + search) });
  const [sig, setSig] = useSignatureValue();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (q.isLoading) return <Loader />;
  if (!q.data) return <Alert color="red">{t('hibah.link_invalid')}</Alert>;
  return (
    <Container size="sm">
      <Stack>
        <Title order={1}>{t('hibah.party.witness_title')}</Title>
        <Text>
          {t('hibah.party.from', {
            grantor: q.data.hibah.grantor.name,
            product: labelOf(HIBAH_TYPES, q.data.hibah.hibah_type, lang),
          })}
        </Text>
        {done || q.data.witness.confirmed_at ? (
          <Alert data-testid="party-done">{done ?? t('hibah.party.confirmed')}</Alert>
        ) : (
          <Paper withBorder p="md">
            <Stack>
              <Group>
                <Button
                  variant="outline"
                  data-testid="party-send-code"
                  onClick={async () =>
                    setSent((await publicApi.post<{ message: string }>(`${path}/otp${search}`, {})).message)
                  }
                >
                  {t('hibah.party.send_code')}
                </Button>
                {sent ? <Text size="sm">{sent}</Text> : null}
              </Group>
              <TextInput
                label={t('hibah.party.code')}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                inputMode="numeric"
                required
                data-testid="party-code"
              />
              <SignaturePad label={t('hibah.party.signature')} required onChange={setSig} />
              <Group>
                <Button
                  disabled={!sig || code.length !== 6}
                  data-testid="party-confirm"
                  onClick={async () => {
                    const r = await publicApi.post<{ message: string }>(`${path}/confirm${search}`, {
                      code,
                      signature: sig?.url,
                      signature_method: sig?.method,
                    });
                    setDone(r.message);
                  }}
                >
                  {t('hibah.party.confirm')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

/** The QR target of a hibah certificate. */
export function PublicHibahPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const { id } = useParams();
  const q = useQuery({
    queryKey: ['public-hibah', id],
    queryFn: () => publicApi.get<{ hibah: any }>(`public/hibah/${id}`),
  });
  if (q.isLoading) return <Loader />;
  const h = q.data?.hibah;
  return (
    <Container size="sm">
      <Stack>
        <Title order={1}>{t('hibah.public.title')}</Title>
        {h ? (
          <Alert color="green" data-testid="public-hibah">
            {t('hibah.public.valid', {
              number: h.hibah_number,
              product: labelOf(HIBAH_TYPES, h.hibah_type, lang),
              grantor: h.grantor.name ?? '-',
            })}
          </Alert>
        ) : (
          <Alert color="red">{t('hibah.public.invalid')}</Alert>
        )}
        {/* Is an uploaded PDF the registered certificate (or receipt)? Issue 11; ADRs 0071, 0074. */}
        {h && <DocumentCheck path={`public/hibah/${h.id}/verify`} subject="hibah" />}
      </Stack>
    </Container>
  );
}
