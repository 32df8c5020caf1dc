/**
 * Pages for parties without an account, opened from their signed link (ADR 0032):
 * /hibah/penerima/{id}/{receiver_id} (a receiver asks for a code — by e-mail, or by SMS when they have no
 * e-mail — enters it and signs; issue 3, ADR 0096) and /hibah/saksi/{id}/{witness_id} (a witness asks
 * for a code by e-mail, enters it and signs); and the certificate's QR target /public/hibah/{id}, the
 * will page's twin: the masked facts and the upload check of a PDF copy (DocumentCheck, issue 11). The party
 * pages render the attestation view (issue 36 item 4; ADR 0228): the grantor, the hibah's version and hash, the
 * party's own row and, for a receiver, what they accept — nothing of the other parties.
 */
import { Alert, Button, Container, Group, List, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type AttestationView, HIBAH_TYPES, labelOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { AttestationSummary } from '@/components/instrument/AttestationSummary.tsx';
import { SignaturePad, useSignatureValue } from '@/components/SignaturePad.tsx';
import { DocumentCheck } from '@/features/public/index.ts';
import { ApiError, publicApi } from '@/lib/api.ts';

function useLink(kind: 'receiver' | 'witness') {
  const { id, pid } = useParams();
  const { search } = useLocation();
  const path = `public/hibah/${id}/${kind}/${pid}`;
  return { path, search };
}

/**
 * What is given, shown where the receiver accepts (issue 21 item 3): each property and share (the view's
 * `terms`), the minor flag and the caretaker with the allowance; a minor's acceptance (qabul) is given by the
 * caretaker (item 4). The version (SHA-256) is in the AttestationSummary above. Property and relationship labels
 * come from the server in "Malay / English".
 */
function ReceiverGift({ data }: { data: AttestationView }) {
  const shares = data.terms?.shares ?? [];
  const caretakers = data.terms?.caretakers ?? [];
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="receiver-gift">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('hibah.party.gift_title')}
        </Title>
        {shares.length ? (
          <List>
            {shares.map((s) => (
              <List.Item key={s.property}>
                {t('hibah.party.share', { property: s.property, portion: s.portion })}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text>{t('hibah.party.no_share')}</Text>
        )}
        {data.party.minor ? <Text data-testid="receiver-minor">{t('hibah.party.minor')}</Text> : null}
        {caretakers.map((c) => (
          <Text key={c.name + c.ic}>
            {t('hibah.party.caretaker', { name: c.name, ic: c.ic, relationship: c.relationship })}{' '}
            {c.allowance
              ? t('hibah.party.allowance', { amount: c.allowance.amount, frequency: c.allowance.frequency })
              : t('hibah.party.no_allowance')}
          </Text>
        ))}
        {data.party.caretaker ? (
          <Alert data-testid="receiver-caretaker-accepts">
            {t('hibah.party.caretaker_accepts', { caretaker: data.party.caretaker.name, name: data.party.name })}
          </Alert>
        ) : null}
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
  const q = useQuery({ queryKey: [path, search], queryFn: () => publicApi.get<AttestationView>(path + search) });
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
          {t(q.data.party.caretaker ? 'hibah.party.caretaker_title' : 'hibah.party.receiver_title')}
        </Title>
        <Text>
          {t('hibah.party.from', {
            grantor: q.data.subject.name,
            product: labelOf(HIBAH_TYPES, q.data.document.product, lang),
          })}
        </Text>
        <AttestationSummary view={q.data} />
        <ReceiverGift data={q.data} />
        {done || q.data.party.done_at ? (
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
                  q.data.party.caretaker
                    ? t('hibah.party.caretaker_pad', { name: q.data.party.caretaker.name })
                    : t('hibah.sign.pad', { name: q.data.party.name })
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
  const q = useQuery({ queryKey: [path, search], queryFn: () => publicApi.get<AttestationView>(path + search) });
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
            grantor: q.data.subject.name,
            product: labelOf(HIBAH_TYPES, q.data.document.product, lang),
          })}
        </Text>
        <AttestationSummary view={q.data} />
        {done || q.data.party.done_at ? (
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
