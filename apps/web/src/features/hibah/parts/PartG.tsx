/**
 * Part G of the hibah wizards — caretakers (penjaga; reference §2.5 amanah variant, §3.2 part G; ADR 0027):
 * required for receivers under 18, each may name the minor in their care (`receiver_id`), with their bank
 * account and an allowance: `has_allowance` (a switch), the amount typed in ringgit and sent as integer sen
 * (`allowance_amount_sen`), the frequency (FREQUENCIES) and, for "other", the frequency in words. The
 * domain's `hibahCaretakerSchema` checks the form and the server (422 per field). The list shows each
 * caretaker's allowance.
 */
import { Alert, Stack } from '@mantine/core';
import { FREQUENCIES, formatRinggit, hibahCaretakerSchema, labelOf } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { caretakerSpecs, defaultsFor, minorCaretakerSpecs } from '@/components/instrument/party-fields.ts';
import { mayFill } from '../access.ts';
import { Rows } from '../components/Rows.tsx';
import { type Hibah, useHibahRows } from '../useHibah.ts';

type T = (k: string, o?: Record<string, unknown>) => string;
type Values = Record<string, unknown>;

/** A caretaker's allowance in words: "RM 300.00 · Bulanan", the "other" frequency as typed, or "none". */
export function allowanceText(r: Values, t: T, lang: 'ms' | 'en') {
  if (!r.has_allowance) return t('hibah.g.no_allowance');
  const amount = typeof r.allowance_amount_sen === 'number' ? formatRinggit(r.allowance_amount_sen) : '-';
  const freq =
    r.allowance_frequency === 'other'
      ? String(r.other_allowance_frequency ?? '')
      : labelOf(FREQUENCIES, r.allowance_frequency as string | null, lang);
  return freq ? `${amount} · ${freq}` : amount;
}

/** Part G page; see the file comment. */
export function PartG({ hibah }: { hibah: Hibah }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const receivers = useHibahRows<any>(hibah.id, 'receiver', 'receivers');
  const minors = (receivers.data ?? []).filter((r) => r.is_minor);
  const person = caretakerSpecs(t).filter((s) => s.name !== 'wards');
  const specs = minorCaretakerSpecs(t, person, minors, t('hibah.g.minor'));
  return (
    <Stack>
      {minors.length ? <Alert>{t('hibah.g.minors', { names: minors.map((m) => m.name).join(', ') })}</Alert> : null}
      <Rows
        hibahId={hibah.id}
        path="caretaker"
        envelope="caretakers"
        title={t('hibah.g.caretakers')}
        schema={hibahCaretakerSchema}
        fields={specs}
        defaults={{ ...defaultsFor(specs), has_allowance: false }}
        columns={[
          { key: 'name', label: t('wills.f.name') },
          {
            key: 'receiver_id',
            label: t('hibah.g.minor'),
            render: (r) => minors.find((m) => m.id === r.receiver_id)?.name ?? t('hibah.g.all'),
          },
          { key: 'allowance', label: t('hibah.g.allowance'), render: (r) => allowanceText(r, t, lang) },
        ]}
        testId="hibah-caretaker"
        editable={mayFill(hibah)}
      />
    </Stack>
  );
}
