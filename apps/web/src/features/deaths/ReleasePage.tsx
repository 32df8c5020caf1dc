/**
 * /kematian/dokumen/{id}?expires&signature — a person named in a deceased's registered will or hibah opens the
 * link mailed to them (issue 40 item 3; ADR 0267), public, no login, made for a phone (one column, full-width
 * buttons). Steps: the page shows who the link is for (`GET /api/public/release/{id}`); "Send the code" mails a
 * 6-digit code to the recorded address (`POST …/code`); the person types it with their MyKad number (a company
 * executor: its registration number; `POST …/identity`, rules `releaseIdentitySchema`) and, when a MyKad identifies
 * them, the photo of their MyKad front and a selfie (the face eKYC, CardAndSelfie; ADR 0295); then their documents are
 * listed, each downloaded as a PDF (`GET …/document?file&access`), with the instrument's verification page and QR.
 * An heir then sees the bequests needing their consent and decides each (ReleaseConsents.tsx; ADR 0275). What the
 * page offers is read from the one permission table's estate roles (domain `canInEstate` over the release's roles;
 * ADR 0288), as the server decides: the consent section only to a release with `estate:consent:decide` (an heir).
 * A tampered or expired link (403), an unknown one (404) and a revoked one (410) show the server's message; field
 * errors (a wrong code, a wrong MyKad) are shown at their fields.
 */
import { Anchor, Button, Card, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { canInEstate, releaseIdentitySchema } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { errorText } from '@/components/form-errors.ts';
import { CardAndSelfie } from '@/features/ekyc/index.ts';
import { Notice } from '@/features/wills/index.ts';
import { ApiError, publicApi } from '@/lib/api.ts';
import type { PublicRelease, ReleaseDocuments } from './api.ts';
import { ReleaseConsents } from './ReleaseConsents.tsx';

type Field = 'code' | 'ic_number' | 'mykad_image' | 'selfie_image';

/** Save a Blob as `filename` (works on phones: an anchor with `download`). */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The server's field errors, or its message under `_`. */
const errorsOf = (err: unknown): Partial<Record<Field | '_', string>> =>
  err instanceof ApiError && Object.keys(err.errors).length
    ? Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [k, m[0]]))
    : { _: err instanceof ApiError ? err.firstMessage : String(err) };

/** The page; see the file comment. */
export function ReleasePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { search } = useLocation();
  const link = new URLSearchParams(search);
  const signed = `expires=${encodeURIComponent(link.get('expires') ?? '')}&signature=${encodeURIComponent(link.get('signature') ?? '')}`;
  const base = `public/release/${id}`;
  const [values, setValues] = useState<Record<'code' | 'ic_number', string>>({ code: '', ic_number: '' });
  // The face check's images (a person identified by MyKad; ADR 0295), as data URLs.
  const [card, setCard] = useState<string | null>(null);
  const [selfie, setSelfie] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field | '_', string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<(ReleaseDocuments & { access: { token: string } }) | null>(null);
  const q = useQuery({
    queryKey: ['release', id, signed],
    queryFn: () => publicApi.get<{ release: PublicRelease }>(`${base}?${signed}`, undefined, { silent: true }),
    retry: false,
  });
  const r = q.data?.release;

  async function sendCode() {
    setErrors({});
    setBusy(true);
    try {
      const out = await publicApi.post<{ message: string }>(`${base}/code?${signed}`, {}, { silent: true });
      setSent(out.message);
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    const parsed = releaseIdentitySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const i of parsed.error.issues) next[i.path[0] as Field] ??= errorText(t, i.message);
      return setErrors(next);
    }
    const face = r?.id_kind === 'mykad';
    if (face && (!card || !selfie)) {
      return setErrors({
        ...(card ? {} : { mykad_image: errorText(t, 'validation.required') }),
        ...(selfie ? {} : { selfie_image: errorText(t, 'validation.required') }),
      });
    }
    setErrors({});
    setBusy(true);
    try {
      const body = face ? { ...parsed.data, mykad_image: card, selfie_image: selfie } : parsed.data;
      setOpened(await publicApi.post(`${base}/identity?${signed}`, body, { silent: true }));
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function download(file: string, title: string) {
    if (!opened) return;
    const access = encodeURIComponent(opened.access.token);
    const blob = await publicApi.downloadPdf(
      `${base}/document?${signed}&access=${access}&file=${encodeURIComponent(file)}`,
    );
    saveBlob(blob, `${title.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '')}.pdf`);
  }

  if (q.isPending) return <Text>{t('deaths.release_page.loading')}</Text>;
  if (q.isError || !r) {
    return (
      <Stack maw={560} data-testid="release-page">
        <Title order={1}>{t('deaths.release_page.failed')}</Title>
        <FormError message={q.error instanceof ApiError ? q.error.firstMessage : t('deaths.release_page.failed')} />
      </Stack>
    );
  }

  const roles = r.roles.map((x) => t(`deaths.release.role.${x}`)).join(', ');
  return (
    <Stack maw={560} data-testid="release-page">
      <Title order={1}>{t('deaths.release_page.title', { name: r.deceased_name })}</Title>
      <Text>
        {t('deaths.release_page.for_whom', {
          person: r.person_name,
          roles,
          kind: t(`deaths.kind.${r.instrument_type}`),
          reference: r.instrument_reference,
        })}
      </Text>
      {opened ? (
        <Stack data-testid="release-documents">
          <Title order={2} size="h3">
            {t('deaths.release_page.documents_title')}
          </Title>
          {opened.documents.map((d) => (
            <Card withBorder key={d.file} padding="sm">
              <Group justify="space-between" wrap="wrap">
                <Text>{d.title}</Text>
                <Button onClick={() => void download(d.file, d.title)}>{t('deaths.release_page.download')}</Button>
              </Group>
            </Card>
          ))}
          <Title order={2} size="h4">
            {t('deaths.release_page.verify_title')}
          </Title>
          <Text size="sm">{t('deaths.release_page.verify_text')}</Text>
          <Image src={opened.verification.qr} alt={opened.verification.url} w={160} />
          <Anchor href={opened.verification.url} style={{ wordBreak: 'break-all' }}>
            {opened.verification.url}
          </Anchor>
          {/* An heir's consent to the bequests that need it (issue 40 item 5; ADR 0275): an estate role with the action
              (ADR 0288). */}
          {canInEstate(r, 'estate:consent:decide') && (
            <ReleaseConsents
              base={base}
              signed={signed}
              access={opened.access.token}
              save={saveBlob}
              canRecord={canInEstate(r, 'estate:consent-record:read')}
            />
          )}
        </Stack>
      ) : (
        <>
          <Text size="sm">{t('deaths.release_page.intro')}</Text>
          <FormError message={errors._} />
          {sent && <Notice color="green">{sent}</Notice>}
          <Button variant={sent ? 'default' : 'filled'} onClick={() => void sendCode()} loading={busy} fullWidth>
            {sent ? t('deaths.release_page.resend') : t('deaths.release_page.send_code', { email: r.email })}
          </Button>
          {sent && (
            <form onSubmit={confirm} noValidate>
              <Stack>
                <TextInput
                  label={t('deaths.release_page.code')}
                  required
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={values.code}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setValues((s) => ({ ...s, code: v }));
                  }}
                  error={errors.code}
                />
                <TextInput
                  label={t(
                    r.id_kind === 'mykad' ? 'deaths.release_page.ic_mykad' : 'deaths.release_page.ic_registration',
                  )}
                  required
                  inputMode={r.id_kind === 'mykad' ? 'numeric' : 'text'}
                  autoComplete="off"
                  value={values.ic_number}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setValues((s) => ({ ...s, ic_number: v }));
                  }}
                  error={errors.ic_number}
                />
                {r.id_kind === 'mykad' && (
                  <>
                    <Text size="sm">{t('deaths.release_page.face_intro')}</Text>
                    <CardAndSelfie
                      card={card}
                      onCard={setCard}
                      selfie={selfie}
                      onSelfie={setSelfie}
                      onReading={setReading}
                      disabled={busy}
                      errors={{ mykad_image: errors.mykad_image, selfie_image: errors.selfie_image }}
                    />
                  </>
                )}
                <Button type="submit" loading={busy || reading} fullWidth>
                  {t('deaths.release_page.confirm')}
                </Button>
              </Stack>
            </form>
          )}
          <Text size="xs" c="dimmed">
            {t(r.id_kind === 'mykad' ? 'deaths.release_page.with_face' : 'deaths.release_page.no_face')}
          </Text>
        </>
      )}
    </Stack>
  );
}
