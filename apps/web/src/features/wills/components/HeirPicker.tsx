/**
 * Pick from the heirs already entered instead of typing them again (issue 17 item 6; ADR 0157): a receiver
 * of property is filled from the chosen heir (name, relationship, MyKad, mobile, e-mail, address), and a
 * guardian's wards are chosen from the heirs (minors by the MyKad's birth date first, marked). Written once
 * and used by every people/property form of the will and amendment wizards, inside a {@link RecordForm}
 * (`extra`), so the picked values are still the form's own and validated by the same schema.
 */
import { MultiSelect, Select } from '@mantine/core';
import { isMinorByMykad, relationshipLabel } from '@wasiat/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../components/instrument/fields.tsx';

/** An heir as the picker reads it (a will's heir row or an amendment draft's). */
export interface PickableHeir {
  id?: string;
  name: string;
  relationship?: string | null;
  ic_number?: string | null;
  mobile_number?: string | null;
  email?: string | null;
  address?: string | null;
  postcode?: string | null;
  city?: string | null;
  state?: string | null;
}

const COPIED = ['name', 'relationship', 'ic_number', 'mobile_number', 'email', 'address', 'postcode', 'city', 'state'];

/** The picker: `mode` "receiver" fills the form from one heir; "wards" writes the chosen heirs' names to `wards`. */
export function HeirPicker({
  heirs,
  form,
  mode,
}: {
  heirs: PickableHeir[];
  form: UseFormReturn<Record<string, unknown>>;
  mode: 'receiver' | 'wards';
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (heirs.length === 0) return null;
  const label = (h: PickableHeir) => {
    const rel = relationshipLabel(h.relationship, h.ic_number, lang);
    const minor = isMinorByMykad(h.ic_number) ? ` · ${t('wills.picker.minor')}` : '';
    return `${h.name}${rel ? ` (${rel})` : ''}${minor}`;
  };
  const options = heirs.map((h, i) => ({ value: String(i), label: label(h) }));
  if (mode === 'receiver') {
    return (
      <Select
        data-testid="heir-picker"
        label={t('wills.picker.receiver')}
        description={t('wills.picker.receiver_help')}
        placeholder={t('wills.picker.choose')}
        data={options}
        clearable
        onChange={(v) => {
          const h = v === null ? null : heirs[Number(v)];
          if (!h) return;
          for (const k of COPIED) {
            const value = (h as unknown as Record<string, unknown>)[k];
            form.setValue(k, value ?? (k === 'relationship' || k === 'state' ? null : ''), { shouldValidate: true });
          }
        }}
      />
    );
  }
  const ordered = [...options].sort(
    (a, b) =>
      Number(isMinorByMykad(heirs[Number(b.value)].ic_number)) -
      Number(isMinorByMykad(heirs[Number(a.value)].ic_number)),
  );
  return (
    <MultiSelect
      data-testid="wards-picker"
      label={t('wills.picker.wards')}
      description={t('wills.picker.wards_help')}
      placeholder={t('wills.picker.choose')}
      data={ordered}
      onChange={(values) => {
        const names = values.map((v) => heirs[Number(v)]?.name).filter(Boolean);
        form.setValue('wards', names.join(', '), { shouldValidate: true });
      }}
    />
  );
}
