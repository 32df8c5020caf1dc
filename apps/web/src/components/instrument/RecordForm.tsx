/**
 * A generic add/edit form for the people and property rows of a will (heirs, receivers, guardians,
 * witnesses, property, bequests; docs/api/wills.md). Fields are described as data; validation is the
 * domain's zod schema for that row (messages are i18n keys); a 422 from the server lands on its field and
 * what was typed stays (task brief).
 *
 * Kinds beyond text: `switch` (a yes/no toggle, sent as a boolean) and `ringgit` (typed as "350.00" with
 * an RM prefix, validated and sent as integer sen under the same field name, e.g. `allowance_amount_sen`;
 * a row's sen is shown back as ringgit when editing), and `percent` (typed as "50" or "33.33", validated and sent
 * as integer basis points under the same field name, e.g. `sepencarian_bp`; a row's basis points are shown back as
 * a percentage when editing; ADR 0286).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { parseRinggit, percentToBasisPoints } from '@wasiat/domain';
import { type ReactNode, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors } from '@/components/form-errors.ts';
import type { RecordFieldSpec } from '@/components/instrument/party-fields.ts';
import { MykadInput } from '@/components/MykadInput.tsx';
import { addressGroups, PostcodeAutofill } from '@/components/usePostcodeAutofill.ts';
import { CatalogueSelect, StateSelect, TextField, useErr } from './fields.tsx';

type Values = Record<string, any>;

/** One input of a {@link RecordForm} (the shared field type of every instrument's people forms; ADR 0233). */
export type FieldSpec = RecordFieldSpec;

interface RecordFormProps {
  title: string;
  schema: z.ZodType<any, any>;
  fields: FieldSpec[];
  defaults: Values;
  submitLabel: string;
  /** Save the validated values (POST or PATCH); a rejection with 422 errors is shown on the fields. */
  onSave: (values: Values) => Promise<unknown>;
  onCancel?: () => void;
  /** Extra content under the fields (e.g. a signature pad), with access to the form. */
  extra?: (form: UseFormReturn<Values>) => ReactNode;
  /**
   * Content above the fields, with access to the form: what fills them, so a person meets it before typing (the
   * receiver's "pick from the heirs", issue 37 item 6) and, on a phone, without scrolling past every field.
   */
  lead?: (form: UseFormReturn<Values>) => ReactNode;
  /** Change values before validation (e.g. copy an address). */
  testId?: string;
}

/** Percentage text ("33.33") of basis points; other values as they are. */
const bpToText = (v: unknown) => (typeof v === 'number' ? String(v / 100) : v);
/** Basis points of percentage text ('' → undefined; text that is not a percentage is kept, so the schema refuses it). */
const textToBp = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  return s === '' ? undefined : (percentToBasisPoints(s) ?? s);
};
/** Ringgit text ("350.00") of a value in sen; other values as they are. */
const senToText = (v: unknown) => (typeof v === 'number' ? (v / 100).toFixed(2) : v);
/** Sen of ringgit text ('' → undefined; text that is not an amount is kept, so the schema refuses it). */
const textToSen = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  return s === '' ? undefined : (parseRinggit(s) ?? s);
};

/** The form; see the file comment. */
export function RecordForm({
  title,
  schema,
  fields,
  defaults,
  submitLabel,
  onSave,
  onCancel,
  extra,
  lead,
  testId,
}: RecordFormProps) {
  const { t } = useTranslation();
  const err = useErr();
  const [formError, setFormError] = useState<string | null>(null);
  const ringgit = fields.filter((f) => f.kind === 'ringgit').map((f) => f.name);
  const percent = fields.filter((f) => f.kind === 'percent').map((f) => f.name);
  const resolver =
    ringgit.length || percent.length
      ? zodResolver(
          z.preprocess(
            (v) =>
              v && typeof v === 'object'
                ? {
                    ...v,
                    ...Object.fromEntries(ringgit.map((n) => [n, textToSen((v as Values)[n])])),
                    ...Object.fromEntries(percent.map((n) => [n, textToBp((v as Values)[n])])),
                  }
                : v,
            schema as any,
          ) as any,
        )
      : zodResolver(schema as any);
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      ...defaults,
      ...Object.fromEntries(ringgit.map((n) => [n, senToText(defaults[n]) ?? ''])),
      ...Object.fromEntries(percent.map((n) => [n, bpToText(defaults[n]) ?? ''])),
    },
  });
  const values = form.watch();
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const names = fields.map((f) => f.name);
  const headingId = `${testId ?? 'record'}-form-title`;

  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await onSave(v);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, [...names, 'signature']));
    }
  });

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <Stack>
        <Title order={3} id={headingId}>
          {title}
        </Title>
        {addressGroups(names).map((g) => (
          <PostcodeAutofill key={g.postcode} control={form.control} setValue={form.setValue} names={g} />
        ))}
        {lead?.(form)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields
            .filter((f) => !f.visible || f.visible(values))
            .map((f) => {
              const required = typeof f.required === 'function' ? f.required(values) : f.required;
              const common = { label: f.label, required };
              switch (f.kind) {
                case 'state':
                  return <StateSelect key={f.name} {...common} control={form.control} name={f.name} />;
                case 'catalogue':
                  return (
                    <CatalogueSelect
                      key={f.name}
                      {...common}
                      control={form.control}
                      name={f.name}
                      catalogue={f.catalogue ?? []}
                    />
                  );
                case 'select':
                  return (
                    <Controller
                      key={f.name}
                      control={form.control}
                      name={f.name}
                      render={({ field, fieldState }) => (
                        <Select
                          label={f.label}
                          required={required}
                          description={f.description}
                          searchable={f.searchable}
                          data={f.options ?? []}
                          value={field.value || null}
                          onChange={(v) => field.onChange(v ?? '')}
                          error={err(fieldState.error?.message)}
                        />
                      )}
                    />
                  );
                case 'switch':
                  return (
                    <Controller
                      key={f.name}
                      control={form.control}
                      name={f.name}
                      render={({ field, fieldState }) => (
                        <Switch
                          label={f.label}
                          description={f.description}
                          checked={field.value === true || field.value === 1 || field.value === '1'}
                          onChange={(e) => field.onChange(e.currentTarget.checked)}
                          error={err(fieldState.error?.message)}
                          mt="md"
                        />
                      )}
                    />
                  );
                case 'ringgit':
                case 'percent':
                  return (
                    <TextInput
                      key={f.name}
                      label={f.label}
                      required={required}
                      description={f.description}
                      inputMode="decimal"
                      leftSection={f.kind === 'ringgit' ? 'RM' : undefined}
                      rightSection={f.kind === 'percent' ? '%' : undefined}
                      {...form.register(f.name)}
                      error={err(errors[f.name]?.message)}
                    />
                  );
                case 'textarea':
                  return (
                    <Textarea
                      key={f.name}
                      label={f.label}
                      required={required}
                      description={f.description}
                      autosize
                      minRows={2}
                      {...form.register(f.name)}
                      error={err(errors[f.name]?.message)}
                    />
                  );
                default:
                  // A MyKad field takes a number pasted with dashes or spaces (issue 37 item 6.6).
                  if (f.name === 'ic_number')
                    return (
                      <MykadInput
                        key={f.name}
                        {...common}
                        description={f.description}
                        {...form.register(f.name)}
                        error={err(errors[f.name]?.message)}
                      />
                    );
                  return (
                    <TextField
                      key={f.name}
                      {...common}
                      register={form.register}
                      name={f.name}
                      error={errors[f.name]?.message}
                      inputMode={f.inputMode}
                      type={f.type}
                      description={f.description}
                    />
                  );
              }
            })}
        </SimpleGrid>
        {extra?.(form)}
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
