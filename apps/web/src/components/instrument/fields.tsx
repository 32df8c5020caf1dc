/**
 * Form building blocks of the will screens: translated error text, catalogue selects with labels in the
 * UI language (spec §3 catalogues; @wasiat/domain), the 16-state select (DESIGN.md §7) and an address
 * block. Every input has a visible label (accessibility rule of the task brief).
 */
import { Select, TextInput } from '@mantine/core';
import { type CatalogueEntry, STATES } from '@wasiat/domain';
import {
  type Control,
  Controller,
  type FieldValues,
  type Path,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/components/form-errors.ts';
import { PostcodeAutofill } from '@/components/usePostcodeAutofill.ts';

/** `err(message)` → translated text of a client key, or the server's message as is. */
export function useErr() {
  const { t } = useTranslation();
  return (message: unknown) => errorText(t, typeof message === 'string' ? message : undefined);
}

/** The current UI language as a catalogue label key. */
export function useLang(): 'ms' | 'en' {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ms';
}

/** Select options of a catalogue, labelled in the UI language. */
export function catalogueOptions<C extends string | number>(c: readonly CatalogueEntry<C>[], lang: 'ms' | 'en') {
  return c.map((x) => ({ value: String(x.code), label: x[lang] }));
}

interface CatalogueSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  catalogue: readonly CatalogueEntry<string | number>[];
  required?: boolean;
  disabled?: boolean;
}

/** A select bound to a catalogue; keeps the code's type (number or string) in the form value. */
export function CatalogueSelect<T extends FieldValues>({
  control,
  name,
  label,
  catalogue,
  required,
  disabled,
}: CatalogueSelectProps<T>) {
  const lang = useLang();
  const err = useErr();
  const numeric = typeof catalogue[0]?.code === 'number';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          required={required}
          disabled={disabled}
          data={catalogueOptions(catalogue, lang)}
          value={field.value === null || field.value === undefined || field.value === '' ? null : String(field.value)}
          onChange={(v) => field.onChange(v === null ? null : numeric ? Number(v) : v)}
          onBlur={field.onBlur}
          error={err(fieldState.error?.message)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

/** The 13 states and 3 federal territories (DESIGN.md §7). */
export function StateSelect<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
}: Omit<CatalogueSelectProps<T>, 'catalogue'>) {
  const err = useErr();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          required={required}
          disabled={disabled}
          data={STATES.map((s) => ({ value: s, label: s }))}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          error={err(fieldState.error?.message)}
          searchable
          // Choosing the state the postcode filled in keeps it (a second click must not empty the field).
          allowDeselect={false}
        />
      )}
    />
  );
}

interface TextFieldProps<T extends FieldValues> {
  register: UseFormRegister<T>;
  name: Path<T>;
  label: string;
  error?: unknown;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  type?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  autoComplete?: string;
  description?: string;
}

/** A labelled text input registered with react-hook-form, its error translated. */
export function TextField<T extends FieldValues>({ register, name, label, error, ...rest }: TextFieldProps<T>) {
  const err = useErr();
  return <TextInput label={label} {...register(name)} error={err(error)} {...rest} />;
}

/** Address, postcode, city and state inputs with a common prefix (`correspondence_`, `permanent_` or ''). */
export function AddressFields<T extends FieldValues>({
  register,
  control,
  errors,
  prefix = '',
  disabled,
  setValue,
}: {
  register: UseFormRegister<T>;
  control: Control<T>;
  errors: Record<string, { message?: unknown } | undefined>;
  prefix?: string;
  disabled?: boolean;
  /** The form's `setValue`: with it, city and state follow the postcode typed (usePostcodeAutofill). */
  setValue?: UseFormSetValue<T>;
}) {
  const { t } = useTranslation();
  const n = (f: string) => `${prefix}${f}` as Path<T>;
  return (
    <>
      {setValue && !disabled && (
        <PostcodeAutofill
          control={control}
          setValue={setValue}
          names={{ postcode: n('postcode'), city: n('city'), state: n('state') }}
        />
      )}
      <TextField
        register={register}
        name={n('address')}
        label={t('wills.f.address')}
        error={errors[n('address')]?.message}
        required
        readOnly={disabled}
      />
      <TextField
        register={register}
        name={n('postcode')}
        label={t('wills.f.postcode')}
        error={errors[n('postcode')]?.message}
        required
        inputMode="numeric"
        readOnly={disabled}
      />
      <TextField
        register={register}
        name={n('city')}
        label={t('wills.f.city')}
        error={errors[n('city')]?.message}
        required
        readOnly={disabled}
      />
      <StateSelect control={control} name={n('state')} label={t('wills.f.state')} required disabled={disabled} />
    </>
  );
}
