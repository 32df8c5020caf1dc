/**
 * Part D of a corporate hibah or trust (products 1–2; issue 21 item 6; ADR 0165): the company that makes it,
 * in place of a person's particulars — name, SSM registration number, registered address (the shared
 * address fields with postcode autofill), the authorised signatories (name, MyKad, designation; at least
 * one) — `POST /api/hibah/{id}/company`, checked again by the server (422 on the field, e.g.
 * `signatories.1.ic_number`) — and the board resolution, uploaded through the file store
 * (`POST /api/hibah/{id}/company/resolution`, PDF or image ≤ 5 MB) and downloadable by name.
 * Editable by the grantor or the registering agent while the hibah is filled in; read-only after.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type HibahCompanyInput, hibahCompanySchema } from '@wasiat/domain';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors } from '@/components/form-errors.ts';
import { AddressFields, TextField, useErr } from '@/components/instrument/fields.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { fetchAttachmentBlob, saveBlob } from '@/lib/attachments.ts';
import { dataUrlOf as toBase64 } from '@/lib/files.ts';
import { mayFill } from '../access.ts';
import { type Hibah, useRefreshHibah } from '../useHibah.ts';

/** The company as `GET /api/hibah/{id}/company` returns it. */
export interface Company {
  id: string;
  name: string;
  registration_number: string;
  address: string | null;
  postcode: string | null;
  city: string | null;
  state: string | null;
  signatories: { name: string; ic_number: string; designation: string }[];
  board_resolution: { id: string; original_filename: string | null; mime_type: string; sha256: string } | null;
}

const blankSignatory = { name: '', ic_number: '', designation: '' };

/** `GET /api/hibah/{id}/company` → the company or null. */
export function useCompany(hibahId: string) {
  return useQuery({
    queryKey: ['hibah', hibahId, 'company'],
    queryFn: async () => (await api.get<{ company: Company | null }>(`hibah/${hibahId}/company`)).company,
  });
}

/** The board resolution: its name (a download link) and the upload button. */
function Resolution({ hibahId, company, editable }: { hibahId: string; company: Company | null; editable: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const refresh = useRefreshHibah();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const file = company?.board_resolution ?? null;
  const name = file?.original_filename ?? t('hibah.company.resolution_unnamed');
  return (
    <Paper withBorder p="md" data-testid="company-resolution">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('hibah.company.resolution')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('hibah.company.resolution_hint')}
        </Text>
        {file ? (
          <Text size="sm">
            <Anchor
              component="button"
              type="button"
              onClick={async () => {
                setError(null);
                try {
                  saveBlob(await fetchAttachmentBlob(file.id), name);
                } catch {
                  setError(t('hibah.company.resolution_download_failed'));
                }
              }}
            >
              {name}
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" data-testid="company-resolution-none">
            {t('hibah.company.resolution_none')}
          </Text>
        )}
        {editable && !company ? <Text size="sm">{t('hibah.company.resolution_first')}</Text> : null}
        {editable && company ? (
          <Group>
            <FileButton
              accept="application/pdf,image/png,image/jpeg,image/webp"
              inputProps={{ 'aria-label': t('hibah.company.resolution_upload') } as object}
              onChange={async (f) => {
                if (!f) return;
                setError(null);
                setBusy(true);
                try {
                  await api.post(
                    `hibah/${hibahId}/company/resolution`,
                    { document: await toBase64(f), filename: f.name },
                    { silent: true },
                  );
                  await qc.invalidateQueries({ queryKey: ['hibah', hibahId, 'company'] });
                  await refresh(hibahId);
                } catch (e) {
                  setError(e instanceof ApiError ? (e.errors?.document?.[0] ?? e.firstMessage) : t('errors.system'));
                } finally {
                  setBusy(false);
                }
              }}
            >
              {(props) => (
                <Button variant="light" loading={busy} {...props} data-testid="company-resolution-upload">
                  {t(file ? 'hibah.company.resolution_replace' : 'hibah.company.resolution_upload')}
                </Button>
              )}
            </FileButton>
          </Group>
        ) : null}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The company form (see the module comment). */
function CompanyForm({ hibah, company }: { hibah: Hibah; company: Company | null }) {
  const { t } = useTranslation();
  const err = useErr();
  const qc = useQueryClient();
  const refresh = useRefreshHibah();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<HibahCompanyInput>({
    resolver: zodResolver(hibahCompanySchema) as never,
    defaultValues: {
      name: company?.name ?? '',
      registration_number: company?.registration_number ?? '',
      address: company?.address ?? '',
      postcode: company?.postcode ?? '',
      city: company?.city ?? '',
      state: (company?.state ?? '') as HibahCompanyInput['state'],
      signatories: company?.signatories.length ? company.signatories : [blankSignatory],
    },
  });
  const signatories = useFieldArray({ control: form.control, name: 'signatories' });
  const errors = form.formState.errors as Record<string, any>;
  const listError = errors.signatories?.root?.message ?? errors.signatories?.message;
  const fieldNames = [
    'name',
    'registration_number',
    'address',
    'postcode',
    'city',
    'state',
    'signatories',
    ...signatories.fields.flatMap((_, i) => ['name', 'ic_number', 'designation'].map((f) => `signatories.${i}.${f}`)),
  ];
  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    setSaved(false);
    try {
      await api.post(`hibah/${hibah.id}/company`, v, { silent: true });
      await qc.invalidateQueries({ queryKey: ['hibah', hibah.id, 'company'] });
      await refresh(hibah.id);
      setSaved(true);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, fieldNames as never));
    }
  });
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="company-form-title"
      data-testid="hibah-company"
    >
      <Stack>
        <Title order={3} id="company-form-title">
          {t('hibah.company.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            register={form.register}
            name="name"
            label={t('hibah.company.name')}
            error={errors.name?.message}
            required
          />
          <TextField
            register={form.register}
            name="registration_number"
            label={t('hibah.company.registration_number')}
            description={t('hibah.company.registration_hint')}
            error={errors.registration_number?.message}
            required
          />
          <AddressFields register={form.register} control={form.control} errors={errors} setValue={form.setValue} />
        </SimpleGrid>
        <Title order={4} id="company-signatories-title">
          {t('hibah.company.signatories')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('hibah.company.signatories_hint')}
        </Text>
        {signatories.fields.map((f, i) => (
          <Paper
            key={f.id}
            withBorder
            p="sm"
            component="fieldset"
            aria-label={t('hibah.company.signatory_n', { n: i + 1 })}
            data-testid={`company-signatory-${i}`}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextField
                register={form.register}
                name={`signatories.${i}.name`}
                label={t('hibah.company.signatory_name')}
                error={errors.signatories?.[i]?.name?.message}
                required
              />
              <TextField
                register={form.register}
                name={`signatories.${i}.ic_number`}
                label={t('hibah.company.signatory_ic')}
                inputMode="numeric"
                error={errors.signatories?.[i]?.ic_number?.message}
                required
              />
              <TextField
                register={form.register}
                name={`signatories.${i}.designation`}
                label={t('hibah.company.designation')}
                description={t('hibah.company.designation_hint')}
                error={errors.signatories?.[i]?.designation?.message}
                required
              />
            </SimpleGrid>
            {signatories.fields.length > 1 ? (
              <Button variant="subtle" color="red" size="xs" mt="xs" onClick={() => signatories.remove(i)}>
                {t('hibah.company.remove_signatory', { n: i + 1 })}
              </Button>
            ) : null}
          </Paper>
        ))}
        {listError ? (
          <Text c="red" size="sm" role="alert">
            {err(listError)}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="default"
            onClick={() => signatories.append(blankSignatory)}
            disabled={signatories.fields.length >= 10}
            data-testid="company-add-signatory"
          >
            {t('hibah.company.add_signatory')}
          </Button>
        </Group>
        <FormError message={formError} />
        {saved ? (
          <Text c="teal.8" size="sm" role="status">
            {t('hibah.company.saved')}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('hibah.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The company as recorded, read-only (after submission, or for readers who may not fill the hibah). */
export function CompanyFacts({ company }: { company: Company | null }) {
  const { t } = useTranslation();
  if (!company) return <Alert>{t('hibah.company.none')}</Alert>;
  return (
    <Paper withBorder p="md" data-testid="hibah-company-facts">
      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('hibah.company.title')}
        </Title>
        <Text fw={600}>{company.name}</Text>
        <Text size="sm">
          {t('hibah.company.registration_number')}: {company.registration_number}
        </Text>
        <Text size="sm">
          {[company.address, `${company.postcode ?? ''} ${company.city ?? ''}`.trim(), company.state]
            .filter(Boolean)
            .join(', ')}
        </Text>
        <Text size="sm" fw={600} mt="xs">
          {t('hibah.company.signatories')}
        </Text>
        {company.signatories.map((s) => (
          <Text key={s.ic_number} size="sm">
            {s.name} ({s.ic_number}) — {s.designation}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/** Part D's company block: the form (or the facts) and the board resolution. */
export function CompanyPart({ hibah }: { hibah: Hibah }) {
  const { t } = useTranslation();
  const q = useCompany(hibah.id);
  const editable = mayFill(hibah);
  if (q.isLoading) return <Text c="dimmed">{t('common.loading')}</Text>;
  const company = q.data ?? null;
  return (
    <Stack>
      <Alert data-testid="company-intro">{t('hibah.company.intro')}</Alert>
      {editable ? <CompanyForm hibah={hibah} company={company} /> : <CompanyFacts company={company} />}
      <Resolution hibahId={hibah.id} company={company} editable={editable} />
    </Stack>
  );
}
