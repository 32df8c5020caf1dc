/**
 * /kematian/semak-wasiat — "Is there a will?" (issue 40 item 2; ADR 0262), public, no login: the deceased's MyKad,
 * the death certificate's number and the asker's e-mail (`POST /api/will-inquiry`, rules `willInquirySchema`). The
 * page only ever says that the inquiry was received (the server's one message): the answer goes by mail once the
 * death is verified. Field errors are shown at their fields; a 429 shows the server's message.
 */
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { willInquirySchema } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { errorText } from '@/components/form-errors.ts';
import { MykadInput } from '@/components/MykadInput.tsx';
import { Notice } from '@/features/wills/index.ts';
import { ApiError, publicApi } from '@/lib/api.ts';

type Field = 'deceased_ic_number' | 'certificate_no' | 'email';

/** The page; see the file comment. */
export function WillInquiryPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    deceased_ic_number: '',
    certificate_no: '',
    email: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field | '_', string>>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [k]: v }));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = willInquirySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const i of parsed.error.issues) next[i.path[0] as Field] ??= errorText(t, i.message);
      return setErrors(next);
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await publicApi.post<{ message: string }>('will-inquiry', parsed.data, { silent: true });
      setDone(r.message);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [k, m[0]])));
      } else setErrors({ _: err instanceof ApiError ? err.firstMessage : String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack maw={560} data-testid="will-inquiry">
      <Title order={1}>{t('deaths.inquiry.title')}</Title>
      <Text size="sm">{t('deaths.inquiry.intro')}</Text>
      {done ? (
        <Notice color="green">{done}</Notice>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormError message={errors._} />
            <MykadInput
              label={t('deaths.page.deceased_ic')}
              required
              value={values.deceased_ic_number}
              onChange={set('deceased_ic_number')}
              error={errors.deceased_ic_number}
            />
            <TextInput
              label={t('deaths.page.certificate_no')}
              description={t('deaths.page.certificate_no_hint')}
              required
              autoComplete="off"
              value={values.certificate_no}
              onChange={set('certificate_no')}
              error={errors.certificate_no}
            />
            <TextInput
              type="email"
              label={t('deaths.inquiry.email')}
              required
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
              error={errors.email}
            />
            <Button type="submit" loading={busy} fullWidth>
              {t('deaths.inquiry.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
