/**
 * /ekyc/validation — the testator confirms the particulars read from their MyKad (issue 3; reference §3.8
 * "OCR confirmation": name, MyKad No., address, postcode, city, state; ADR 0090/0091). Prefilled from
 * `GET /api/ekyc/public/document-ocr`; saved by `POST /api/ekyc/public/validation` (server checks the
 * postcode and required fields; 422 errors are shown on the fields), then on to
 * /verification/{wasiat_id}/success (spec §2; issue 17 item 2). Uses the public token of /ekyc.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { STATES } from '@wasiat/domain';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors } from '@/components/form-errors.ts';
import { ApiError, publicApi } from '@/lib/api.ts';
import type { MykadOcr } from './MykadReading.tsx';
import type { PublicEkyc } from './publicSession.ts';

const schema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(150),
  address: z.string().trim().min(1, 'validation.required').max(300),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'validation.postcode_invalid'),
  city: z.string().trim().max(100),
  state: z.string().max(100),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['name', 'address', 'postcode', 'city', 'state'] as const;

/** The confirmation page; see the file comment. */
export function PublicValidationPage() {
  const { t } = useTranslation();
  const [reading, setReading] = useState<(MykadOcr & { confirmed_at?: string | null }) | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const navigate = useNavigate();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', address: '', postcode: '', city: '', state: '' },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once
  useEffect(() => {
    publicApi
      .get<{ document_ocr: (MykadOcr & { confirmed_at?: string | null }) | null }>(
        'ekyc/public/document-ocr',
        undefined,
        {
          silent: true,
        },
      )
      .then((r) => {
        setReading(r.document_ocr);
        const d = r.document_ocr;
        form.reset({
          name: d?.name ?? '',
          address: d?.address ?? '',
          postcode: d?.postcode ?? '',
          city: d?.city ?? '',
          state: d?.state ?? '',
        });
      })
      .catch((e) => setLoadError(e instanceof ApiError ? e.firstMessage : String(e)));
  }, []);

  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await publicApi.post('ekyc/public/validation', v, { silent: true });
      // The testator's confirmation through the link is complete: the success page of spec §2.
      const status = await publicApi
        .get<{ ekyc: PublicEkyc }>('ekyc/public/status', undefined, { silent: true })
        .catch(() => null);
      if (status?.ekyc.wasiat_id) {
        navigate(`/verification/${status.ekyc.wasiat_id}/success`, { replace: true });
        return;
      }
      setDone(true);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, FIELDS));
    }
  });
  const err = (f: (typeof FIELDS)[number]) => {
    const m = form.formState.errors[f]?.message;
    return m ? t(m) : undefined;
  };

  if (loadError) {
    return (
      <Stack>
        <Title order={1}>{t('ekyc.validation.title')}</Title>
        <Text c="red.9" role="alert" data-testid="ekyc-link-invalid">
          {loadError}
        </Text>
      </Stack>
    );
  }
  if (reading === undefined) return <Text>{t('ekyc.public.loading')}</Text>;
  if (done) {
    return (
      <Stack>
        <Title order={1}>{t('ekyc.validation.title')}</Title>
        <Text role="status" data-testid="ekyc-validation-done">
          {t('ekyc.validation.done')}
        </Text>
      </Stack>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={1}>{t('ekyc.validation.title')}</Title>
        <Text>{t('ekyc.validation.intro')}</Text>
        {reading?.ic_number && (
          <Text>
            {t('ekyc.ocr.ic_number')}: <strong data-testid="ocr-ic">{reading.ic_number}</strong>
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('ekyc.ocr.name')} required {...form.register('name')} error={err('name')} />
          <TextInput label={t('ekyc.ocr.address')} required {...form.register('address')} error={err('address')} />
          <TextInput label={t('ekyc.ocr.postcode')} required {...form.register('postcode')} error={err('postcode')} />
          <TextInput label={t('ekyc.validation.city')} {...form.register('city')} error={err('city')} />
          <Controller
            control={form.control}
            name="state"
            render={({ field }) => (
              <Select
                label={t('ekyc.ocr.state')}
                data={[...STATES]}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={err('state')}
                clearable
              />
            )}
          />
        </SimpleGrid>
        <FormError message={formError} />
        <Button type="submit" loading={form.formState.isSubmitting} data-testid="ekyc-validation-submit">
          {t('ekyc.validation.confirm')}
        </Button>
      </Stack>
    </form>
  );
}
