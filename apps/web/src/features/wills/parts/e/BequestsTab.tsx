/**
 * Bequests (wasiat am) of a comprehensive will (docs/api/wills.md bequest calls; DESIGN.md §6 "at most 1/3
 * of the net estate to non-heirs"): beneficiary, optional MyKad, relationship and purpose, and a portion
 * ("10%" or "1/4"). The bequests together may not exceed the whole; the error shows on the portion field.
 * The server also refuses, on the portion field, everything given to non-heirs — these bequests and the shares
 * of property at their values — beyond one third of the net estate, naming the figures (`wills.one_third_exceeded`;
 * ADR 0257). A bequest to an heir is accepted: the notice above the tabs says that it takes effect only with the
 * other heirs' consent after the death, which the testator cannot record.
 *
 * A bequest may go to an institution instead of a person (issue 41 item 7; ADR 0268): "An institution" offers a
 * searchable select of the active institutions staff keep (councils, mosques, registered charities, waqf; the
 * institutions feature), with the purpose and portion; the server takes the institution's name, kind and
 * registration, and counts it within one third like every bequest to a non-heir. The list shows the kind under the
 * name. A bequest that already names an institution since deactivated keeps it (offered as it was chosen).
 */
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  bequestFieldsSchema,
  institutionBequestFormSchema,
  institutionKindLabel,
  institutionRegistration,
  labelOf,
  portionsExceedWhole,
  RELATIONSHIPS,
  V,
} from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfferGate, useOffer } from '@/components/instrument/OfferGate.tsx';
import { bequestSpecs, type RecordFieldSpec } from '@/components/instrument/party-fields.ts';
import { useInstitutions } from '@/features/institutions/index.ts';
import { ApiError } from '@/lib/api.ts';
import { useLang } from '../../../../components/instrument/fields.tsx';
import { defaultsFor } from '../../../../components/instrument/party-fields.ts';
import { RecordForm } from '../../../../components/instrument/RecordForm.tsx';
import { RecordsTable } from '../../components/RecordsTable.tsx';
import { useRows } from '../../hooks/useRows.ts';
import type { Bequest } from '../../types.ts';

type Mode = 'person' | 'institution';

/**
 * The fields of a bequest to an institution: the institution (a searchable select of the active ones, and the
 * row's own institution when it is no longer active), the purpose and the portion.
 */
function institutionSpecs(
  t: (k: string) => string,
  options: { value: string; label: string }[],
  person: RecordFieldSpec[],
): RecordFieldSpec[] {
  const keep = person.filter((f) => f.name === 'purpose' || f.name === 'portion');
  return [
    {
      name: 'institution_id',
      label: t('institutions.bequest.choose'),
      kind: 'select',
      searchable: true,
      required: true,
      options,
      description: t('institutions.bequest.choose_help'),
    },
    ...keep,
  ];
}

/** The bequest tab; see the file comment. */
export function BequestsTab({ wasiatId, editable }: { wasiatId: string; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = useRows<Bequest>(wasiatId, 'bequest', 'bequests');
  const offer = useOffer('wasiat', wasiatId);
  const [editing, setEditing] = useState<Bequest | 'new' | null>(null);
  const specs = bequestSpecs(t);
  const row = editing === 'new' ? null : editing;
  const [mode, setMode] = useState<Mode>('person');
  const institutions = useInstitutions();
  const active = institutions.data?.institutions ?? [];
  const options = active.map((i) => ({
    value: i.id,
    label: `${i.name} — ${institutionKindLabel(i.kind, lang)}${institutionRegistration(i) ? ` (${institutionRegistration(i)})` : ''}`,
  }));
  if (row?.institution_id && !options.some((o) => o.value === row.institution_id)) {
    options.push({ value: row.institution_id, label: row.beneficiary_name });
  }
  const instSpecs = institutionSpecs(t, options, specs);
  const open = (r: Bequest | 'new') => {
    setMode(r !== 'new' && r.institution_id ? 'institution' : 'person');
    setEditing(r);
  };
  const checkTotal = (portion: string) => {
    const others = rows.rows.filter((r) => r.id !== row?.id).map((r) => r.portion);
    if (portionsExceedWhole([...others, portion])) {
      throw new ApiError(422, t(V.shareTotalOver), { portion: [t(V.shareTotalOver)] });
    }
  };
  const send = async (body: Record<string, unknown>) => {
    if (row) await rows.update(row.id, body);
    else await rows.create({ ...body, wasiat_id: wasiatId });
    setEditing(null);
  };
  return (
    <Stack>
      <Text>{t('wills.e.bequest_intro')}</Text>
      <RecordsTable
        rows={rows.rows}
        caption={t('wills.e.tabs.bequest')}
        empty={t('wills.e.none_yet')}
        name={(r) => r.beneficiary_name}
        testId="bequest-list"
        columns={[
          {
            label: t('wills.f.beneficiary_name'),
            render: (r) =>
              r.institution_id ? (
                <>
                  {r.beneficiary_name}
                  <Text size="xs" c="dimmed">
                    {[institutionKindLabel(r.institution_kind, lang), r.institution_registration]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </>
              ) : (
                r.beneficiary_name
              ),
          },
          {
            label: t('wills.f.relationship'),
            render: (r) => labelOf(RELATIONSHIPS, r.relationship ?? null, lang) || '—',
          },
          { label: t('wills.f.purpose'), render: (r) => r.purpose ?? '—' },
          { label: t('wills.f.portion'), render: (r) => r.portion },
        ]}
        onEdit={editable ? open : undefined}
        onDelete={editable ? (r) => rows.remove(r.id, r.beneficiary_name) : undefined}
      />
      {editing !== null && editable ? (
        <Stack>
          <SegmentedControl
            aria-label={t('institutions.bequest.to')}
            data-testid="bequest-to"
            value={mode}
            onChange={(v) => setMode(v as Mode)}
            data={[
              { value: 'person', label: t('institutions.bequest.person') },
              { value: 'institution', label: t('institutions.bequest.institution') },
            ]}
          />
          {mode === 'institution' ? (
            <>
              <Text size="sm">{t('institutions.bequest.intro')}</Text>
              <RecordForm
                key={`inst-${row?.id ?? 'new'}`}
                testId="bequest-institution-form"
                title={t(row ? 'wills.e.edit_bequest' : 'wills.e.add_bequest')}
                schema={institutionBequestFormSchema}
                fields={instSpecs}
                defaults={defaultsFor(instSpecs, row as Record<string, unknown> | null)}
                submitLabel={t('common.save')}
                onCancel={() => setEditing(null)}
                onSave={async (v) => {
                  checkTotal(v.portion);
                  const chosen = active.find((i) => i.id === v.institution_id);
                  const name = chosen?.name ?? row?.beneficiary_name ?? '';
                  const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
                  await send({ ...body, beneficiary_name: name });
                }}
              />
            </>
          ) : (
            <RecordForm
              key={`person-${row?.id ?? 'new'}`}
              testId="bequest-form"
              title={t(row ? 'wills.e.edit_bequest' : 'wills.e.add_bequest')}
              schema={bequestFieldsSchema}
              fields={specs}
              defaults={defaultsFor(specs, row?.institution_id ? null : (row as Record<string, unknown> | null))}
              submitLabel={t('common.save')}
              onCancel={() => setEditing(null)}
              onSave={async (v) => {
                checkTotal(v.portion);
                const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
                await send(body);
              }}
            />
          )}
        </Stack>
      ) : (
        editable && (
          <OfferGate offer={offer} row="bequest">
            <Group>
              <Button variant="light" onClick={() => open('new')}>
                {t('wills.e.add_bequest')}
              </Button>
            </Group>
          </OfferGate>
        )
      )}
    </Stack>
  );
}
