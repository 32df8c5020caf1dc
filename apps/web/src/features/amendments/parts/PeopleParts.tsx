/**
 * Amendment wizard parts about people (reference §3.5): b testator particulars, c heirs, e guardians and
 * bequests, i witnesses (their confirmation state once invited). Each reuses the will wizard's field
 * lists and the domain's zod schemas; saves go to the draft (docs/api/amendments.md).
 */
import { Badge, Stack, Text, Title } from '@mantine/core';
import {
  bequestFieldsSchema,
  caretakerFieldsSchema,
  draftWitnessSchema,
  heirFieldsSchema,
  relationshipLabel,
  userDetailSchema,
} from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { bequestSpecs, particularsSpecs } from '@/components/instrument/party-fields.ts';
import {
  caretakerSpecs,
  defaultsFor,
  type FieldSpec,
  HeirPicker,
  heirSpecs,
  Notice,
  type PickableHeir,
  RecordForm,
  RecordsTable,
  useLang,
  witnessSpecs,
} from '@/features/wills/index.ts';
import { saveDraft } from '../api.ts';
import { useAmendmentContext } from '../components/AmendmentWizard.tsx';
import { clean, DraftRows } from '../components/DraftRows.tsx';
import type { AmendmentWitness } from '../types.ts';

type T = (k: string) => string;
/** The testator's particulars (shared with a hibah's grantor) and the amendment's address labels. */
const detailSpecs = (t: T): FieldSpec[] => [
  ...particularsSpecs(t),
  { name: 'correspondence_address', label: t('amendments.f.correspondence_address'), kind: 'textarea', required: true },
  {
    name: 'correspondence_postcode',
    label: t('amendments.f.correspondence_postcode'),
    inputMode: 'numeric',
    required: true,
  },
  { name: 'correspondence_city', label: t('amendments.f.correspondence_city'), required: true },
  { name: 'correspondence_state', label: t('amendments.f.correspondence_state'), kind: 'state', required: true },
  { name: 'permanent_address', label: t('amendments.f.permanent_address'), kind: 'textarea', required: true },
  { name: 'permanent_postcode', label: t('amendments.f.permanent_postcode'), inputMode: 'numeric', required: true },
  { name: 'permanent_city', label: t('amendments.f.permanent_city'), required: true },
  { name: 'permanent_state', label: t('amendments.f.permanent_state'), kind: 'state', required: true },
];

/** Part b: the testator's particulars. */
export function PindaanB() {
  const { t } = useTranslation();
  const { amendment, draft, editable, refresh } = useAmendmentContext();
  const specs = detailSpecs(t);
  if (!editable) {
    return (
      <Stack>
        <Title order={2}>{t('amendments.pages.pindaan-b')}</Title>
        <Text>{draft.user_detail?.name}</Text>
      </Stack>
    );
  }
  return (
    <RecordForm
      title={t('amendments.pages.pindaan-b')}
      schema={userDetailSchema}
      fields={specs}
      defaults={defaultsFor(specs, draft.user_detail)}
      submitLabel={t('amendments.wizard.save')}
      testId="pindaan-b"
      onSave={async (v) => {
        await saveDraft(amendment.id, { user_detail: clean(v) });
        await refresh();
      }}
    />
  );
}

/** Part c: heirs. */
export function PindaanC() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack>
      <Title order={2}>{t('amendments.pages.pindaan-c')}</Title>
      <DraftRows
        section="heirs"
        specs={heirSpecs(t)}
        schema={heirFieldsSchema}
        title={t('amendments.sections.heirs')}
        name={(r) => r.name}
        testId="draft-heirs"
        columns={[
          { label: t('wills.f.name'), render: (r) => r.name },
          {
            label: t('wills.f.relationship'),
            render: (r) =>
              relationshipLabel(r.relationship ?? null, r.ic_number as string | null | undefined, lang) || '—',
          },
        ]}
      />
    </Stack>
  );
}

/** Part e: guardians of minor children and bequests. */
export function PindaanE() {
  const { t } = useTranslation();
  const { draft } = useAmendmentContext();
  return (
    <Stack>
      <Title order={2}>{t('amendments.pages.pindaan-e')}</Title>
      <Title order={3}>{t('amendments.sections.caretakers')}</Title>
      <DraftRows
        section="caretakers"
        specs={caretakerSpecs(t)}
        schema={caretakerFieldsSchema}
        title={t('amendments.sections.caretakers')}
        name={(r) => r.name}
        testId="draft-caretakers"
        extra={(form) => <HeirPicker heirs={(draft.heirs ?? []) as PickableHeir[]} form={form} mode="wards" />}
        columns={[{ label: t('wills.f.name'), render: (r) => r.name }]}
      />
      <Title order={3}>{t('amendments.sections.bequests')}</Title>
      <DraftRows
        section="bequests"
        specs={bequestSpecs(t)}
        schema={bequestFieldsSchema}
        title={t('amendments.sections.bequests')}
        name={(r) => r.beneficiary_name}
        testId="draft-bequests"
        columns={[
          { label: t('wills.f.beneficiary_name'), render: (r) => r.beneficiary_name },
          { label: t('wills.f.portion'), render: (r) => r.portion },
        ]}
      />
    </Stack>
  );
}

/** Part i: witnesses of the amendment; after the draft is accepted, whether each confirmed. */
export function PindaanI() {
  const { t } = useTranslation();
  const { amendment } = useAmendmentContext();
  const specs = witnessSpecs(t);
  return (
    <Stack>
      <Title order={2}>{t('amendments.pages.pindaan-i')}</Title>
      <Text>{t('amendments.witness.intro')}</Text>
      {amendment.witnesses.length > 0 ? (
        <RecordsTable<AmendmentWitness>
          rows={amendment.witnesses}
          caption={t('amendments.sections.witnesses')}
          empty=""
          name={(r) => r.name}
          testId="amendment-witnesses"
          columns={[
            { label: t('wills.f.name'), render: (r) => r.name },
            { label: t('wills.f.email'), render: (r) => r.email },
            {
              label: t('amendments.f.status'),
              render: (r) =>
                r.confirmed_at ? (
                  <Badge color="green">{t('amendments.witness.confirmed')}</Badge>
                ) : (
                  <Badge color="gray">{t('amendments.witness.waiting')}</Badge>
                ),
            },
          ]}
        />
      ) : (
        <>
          {amendment.status !== 0 && <Notice color="blue">{t('amendments.witness.after_accept')}</Notice>}
          <DraftRows
            section="witnesses"
            specs={specs.filter((s) => s.name !== 'signature')}
            schema={draftWitnessSchema}
            title={t('amendments.sections.witnesses')}
            name={(r) => r.name}
            testId="draft-witnesses"
            columns={[
              { label: t('wills.f.name'), render: (r) => r.name },
              { label: t('wills.f.email'), render: (r) => r.email },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
