/**
 * Add or change one entry of the asset map (issue 40 item 6; ADR 0269): the kind, a description, the institution
 * and a reference number, the value in ringgit (sent as integer sen) with the date of the estimate, and — for a
 * nomination only — the nominee and their relationship. One column, so it fits a phone. The rules are the domain's
 * (`assetFieldsSchema`), checked here first; a 422 from the server lands on its field and what was typed stays.
 */
import { Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { ASSET_KINDS, assetFieldsSchema, assetGroupOf, assetKindLabel, parseRinggit } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { errorText } from '@/components/form-errors.ts';
import { ApiError } from '@/lib/api.ts';
import type { Asset } from './api.ts';

const FIELDS = [
  'kind',
  'description',
  'institution',
  'reference',
  'value_sen',
  'value_estimated_on',
  'nominee_name',
  'nominee_relationship',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (a: Asset | null): Values => ({
  kind: a?.kind ?? '',
  description: a?.description ?? '',
  institution: a?.institution ?? '',
  reference: a?.reference ?? '',
  value_sen: a ? (a.value_sen / 100).toFixed(2) : '',
  value_estimated_on: a?.value_estimated_on ?? '',
  nominee_name: a?.nominee_name ?? '',
  nominee_relationship: a?.nominee_relationship ?? '',
});

/** The body sent: blanks left out, the value in sen (text that is no amount is kept so the schema refuses it). */
function assetBodyOf(v: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x.trim() !== '') body[k] = x.trim();
  if (typeof body.value_sen === 'string') body.value_sen = parseRinggit(body.value_sen) ?? body.value_sen;
  if (assetGroupOf(v.kind) !== 'nomination') {
    delete body.nominee_name;
    delete body.nominee_relationship;
  }
  return body;
}

/** The form; `onSave` posts or patches the body (a rejected 422 is shown on the fields). */
export function AssetForm({
  asset,
  onSave,
  onCancel,
}: {
  asset: Asset | null;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [values, setValues] = useState<Values>(() => valuesOf(asset));
  const [errors, setErrors] = useState<Partial<Record<Field | '_', string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: Field) => (v: string) => setValues((s) => ({ ...s, [k]: v }));
  const nomination = assetGroupOf(values.kind) === 'nomination';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = assetBodyOf(values);
    const parsed = assetFieldsSchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) next[(i.path[0] as Field) ?? '_'] ??= errorText(t, i.message);
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(body);
    } catch (err) {
      const out: typeof errors = {};
      if (err instanceof ApiError) {
        for (const [k, m] of Object.entries(err.errors))
          out[(FIELDS as readonly string[]).includes(k) ? (k as Field) : '_'] = m[0];
        if (!Object.keys(out).length) out._ = err.firstMessage;
        err.shownInline = true;
      } else out._ = String(err);
      setErrors(out);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate data-testid="asset-form">
        <Stack>
          <Title order={2} size="h4">
            {asset ? t('assets.page.edit') : t('assets.page.add')}
          </Title>
          <FormError message={errors._} />
          <Select
            label={t('assets.page.f.kind')}
            required
            data={ASSET_KINDS.map((k) => ({ value: k.code, label: assetKindLabel(k.code, lang) }))}
            value={values.kind || null}
            onChange={(v) => set('kind')(v ?? '')}
            error={errors.kind}
          />
          <TextInput
            label={t('assets.page.f.description')}
            required
            value={values.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
            error={errors.description}
          />
          <TextInput
            label={t('assets.page.f.institution')}
            value={values.institution}
            onChange={(e) => set('institution')(e.currentTarget.value)}
            error={errors.institution}
          />
          <TextInput
            label={t('assets.page.f.reference')}
            value={values.reference}
            onChange={(e) => set('reference')(e.currentTarget.value)}
            error={errors.reference}
          />
          <TextInput
            label={t(nomination ? 'assets.page.f.amount' : 'assets.page.f.value')}
            description={t('assets.page.f.value_help')}
            leftSection="RM"
            inputMode="decimal"
            required
            value={values.value_sen}
            onChange={(e) => set('value_sen')(e.currentTarget.value)}
            error={errors.value_sen}
          />
          <TextInput
            type="date"
            label={t('assets.page.f.value_estimated_on')}
            required
            value={values.value_estimated_on}
            onChange={(e) => set('value_estimated_on')(e.currentTarget.value)}
            error={errors.value_estimated_on}
          />
          {nomination && (
            <>
              <TextInput
                label={t('assets.page.f.nominee_name')}
                required
                value={values.nominee_name}
                onChange={(e) => set('nominee_name')(e.currentTarget.value)}
                error={errors.nominee_name}
              />
              <TextInput
                label={t('assets.page.f.nominee_relationship')}
                required
                value={values.nominee_relationship}
                onChange={(e) => set('nominee_relationship')(e.currentTarget.value)}
                error={errors.nominee_relationship}
              />
            </>
          )}
          <Group>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
