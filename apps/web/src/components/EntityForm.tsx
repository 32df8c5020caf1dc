/**
 * One form for the entity screens (organisation, branch, staff, pricing, preference, promo codes, product,
 * profile and client edit):
 * a list of field specs rendered as labelled Mantine inputs (errors linked to their input by Mantine's
 * `aria-describedby`), checked with the domain's zod schema before sending (the same rule the server
 * applies, DESIGN.md §1), and 422 field errors from the server placed on their fields (spec §8).
 *
 * Ringgit fields (`kind: 'ringgit'`) are typed as "350.00" and sent in sen under `wire` (e.g. `price_sen`).
 */
import { Button, Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { parseRinggit, STATES } from '@wasiat/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { addressGroups, PostcodeAutofill } from '@/components/usePostcodeAutofill.ts';

/** One input of the form. */
export interface FieldSpec {
  name: string;
  /** i18n key of the label. */
  label: string;
  kind?: 'text' | 'email' | 'password' | 'select' | 'state' | 'yesno' | 'ringgit' | 'date' | 'number';
  /** Options of a select: value and i18n key (or text) of the label. */
  options?: { value: string; label: string }[];
  required?: boolean;
  /** For ringgit fields: the wire name of the amount in sen (default `<name>_sen`). */
  wire?: string;
  description?: string;
  hidden?: boolean;
  /** Shown read-only (the server would refuse a change). */
  disabled?: boolean;
  /** Shown only while this holds for the form's current values. */
  showWhen?: (values: Record<string, any>) => boolean;
}

type Values = Record<string, any>;

/** Ringgit text of an amount in sen ("350.00"), or '' for none. */
export const senToText = (sen: number | null | undefined) =>
  sen === null || sen === undefined ? '' : (sen / 100).toFixed(2);

/** Turn form values into the request body: ringgit fields to sen, blanks kept as ''. */
export function toWire(fields: FieldSpec[], values: Values): Values {
  const out: Values = { ...values };
  for (const f of fields) {
    if (f.kind !== 'ringgit') continue;
    const wire = f.wire ?? `${f.name}_sen`;
    const text = String(values[f.name] ?? '').trim();
    delete out[f.name];
    if (text === '') continue;
    out[wire] = parseRinggit(text) ?? text;
  }
  return out;
}

/**
 * The form. `schema` (optional) validates the wire body first; `onSubmit(body)` sends it and may throw
 * an ApiError whose field errors are shown on the fields.
 */
export function EntityForm({
  fields,
  defaults,
  schema,
  onSubmit,
  submitLabel,
  testId,
}: {
  fields: FieldSpec[];
  defaults: Values;
  schema?: z.ZodTypeAny;
  onSubmit: (body: Values) => Promise<void>;
  submitLabel: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, setValue, formState, watch } = useForm<Values>({
    defaultValues: defaults,
  });
  const current = watch();
  const names = fields.map((f) => f.name);
  const wireToField = (path: string) => {
    const f = fields.find((x) => x.name === path || (x.kind === 'ringgit' && (x.wire ?? `${x.name}_sen`) === path));
    return f?.name;
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const body = toWire(fields, values);
    if (schema) {
      const r = schema.safeParse(body);
      if (!r.success) {
        let first = true;
        for (const issue of r.error.issues) {
          const field = wireToField(String(issue.path[0] ?? ''));
          if (field) {
            setError(field, { type: 'client', message: issue.message }, { shouldFocus: first });
            first = false;
          } else if (first) setFormError(errorText(t, issue.message) ?? null);
        }
        return;
      }
    }
    try {
      await onSubmit(body);
    } catch (e) {
      const mapped = e as { errors?: Record<string, string[]> };
      if (mapped?.errors) {
        for (const k of Object.keys(mapped.errors)) {
          const f = wireToField(k);
          if (f && f !== k) mapped.errors[f] = mapped.errors[k];
        }
      }
      setFormError(applyServerErrors(e, setError, names));
    }
  });

  const err = (name: string) => errorText(t, formState.errors[name]?.message as string | undefined);
  const label = (key: string) => t(key);

  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack>
        <FormError message={formError} />
        {addressGroups(names).map((g) => (
          <PostcodeAutofill key={g.postcode} control={control} setValue={setValue} names={g} />
        ))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields
            .filter((f) => !f.hidden && (!f.showWhen || f.showWhen(current)))
            .map((f) => {
              const common = {
                label: label(f.label),
                required: f.required,
                disabled: f.disabled,
                description: f.description ? t(f.description) : undefined,
                error: err(f.name),
              };
              if (f.kind === 'select' || f.kind === 'state' || f.kind === 'yesno') {
                const data =
                  f.kind === 'state'
                    ? STATES.map((s) => ({ value: s, label: s }))
                    : f.kind === 'yesno'
                      ? [
                          { value: '1', label: t('organisations.ui.yes') },
                          { value: '2', label: t('organisations.ui.no') },
                        ]
                      : (f.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }));
                if (f.kind === 'yesno') {
                  return (
                    <Controller
                      key={f.name}
                      control={control}
                      name={f.name}
                      render={({ field }) => (
                        <Radio.Group
                          {...common}
                          value={field.value === undefined || field.value === null ? '' : String(field.value)}
                          onChange={(v) => field.onChange(Number(v))}
                        >
                          <Group mt="xs">
                            {data.map((o) => (
                              <Radio key={o.value} value={o.value} label={o.label} />
                            ))}
                          </Group>
                        </Radio.Group>
                      )}
                    />
                  );
                }
                return (
                  <Controller
                    key={f.name}
                    control={control}
                    name={f.name}
                    render={({ field }) => (
                      <Select
                        {...common}
                        data={data}
                        value={
                          field.value === undefined || field.value === null || field.value === ''
                            ? null
                            : String(field.value)
                        }
                        onChange={(v) => field.onChange(v ?? '')}
                        onBlur={field.onBlur}
                        searchable={f.kind === 'state'}
                        // Choosing the current option again keeps it (a re-chosen "Ya" for "Rakan niaga" must
                        // not clear the answer and save "not a partner"; issue 38 item 11.2), as does a state
                        // filled in by the postcode autofill.
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                      />
                    )}
                  />
                );
              }
              return (
                <TextInput
                  key={f.name}
                  {...common}
                  type={
                    f.kind === 'email'
                      ? 'email'
                      : f.kind === 'date'
                        ? 'date'
                        : f.kind === 'password'
                          ? 'password'
                          : 'text'
                  }
                  autoComplete={f.kind === 'password' ? 'current-password' : undefined}
                  inputMode={f.kind === 'ringgit' ? 'decimal' : f.kind === 'number' ? 'numeric' : undefined}
                  leftSection={f.kind === 'ringgit' ? 'RM' : undefined}
                  {...register(f.name)}
                />
              );
            })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
