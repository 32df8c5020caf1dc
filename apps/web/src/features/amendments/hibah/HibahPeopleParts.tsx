/**
 * The people parts of a hibah amendment's page (ADR 0038; docs/api/amendments.md "Hibah amendments"):
 * receivers, caretakers of minor receivers, and witnesses. Saves replace a section of the draft
 * (`PATCH /api/amendment/{id}/draft`); the server checks the rules of the hibah (caretakers of minors,
 * witnesses). Reached through HibahAmendmentParts.tsx.
 */
import { Badge, Stack, Text, Title } from '@mantine/core';
import {
  FREQUENCIES,
  formatRinggit,
  hibahCaretakerSchema,
  hibahReceiverSchema,
  hibahWitnessSchema,
  labelOf,
  relationshipLabel,
} from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { minorCaretakerSpecs } from '@/components/instrument/party-fields.ts';
import {
  caretakerSpecs,
  HeirPicker,
  Notice,
  type PickableHeir,
  RecordsTable,
  receiverSpecs,
  uniquePeople,
  useLang,
  useNewestWillHeirs,
  witnessSpecs,
} from '@/features/wills/index.ts';
import { DraftRows } from '../components/DraftRows.tsx';
import type { AmendmentWitness } from '../types.ts';
import { useHibahContext } from './hibah-context.ts';

/** Receivers of the draft (a receiver under 18 by MyKad is a minor and needs a caretaker). */
export function HibahReceiversPart() {
  const { t } = useTranslation();
  const lang = useLang();
  const { amendment: a, hdraft } = useHibahContext();
  // Picked from the draft's heirs (estate trust) and the grantor's newest will's heirs (ADR 0176).
  const pickable = uniquePeople((hdraft.heirs ?? []) as PickableHeir[], useNewestWillHeirs(a.user_id));
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.receivers')}</Title>
      <DraftRows
        section="receivers"
        specs={receiverSpecs(t)}
        schema={hibahReceiverSchema}
        title={t('hibahAmendments.pages.receivers')}
        name={(r) => r.name}
        testId="hibah-draft-receivers"
        lead={(form) => <HeirPicker heirs={pickable} form={form} mode="receiver" />}
        columns={[
          { label: t('wills.f.name'), render: (r) => r.name },
          {
            label: t('wills.f.relationship'),
            render: (r) =>
              relationshipLabel(r.relationship ?? null, r.ic_number as string | null | undefined, lang) || '—',
          },
          { label: t('wills.f.ic_number'), render: (r) => r.ic_number ?? '—' },
          { label: t('hibah.f.is_minor'), render: (r) => (r.is_minor ? t('hibah.yes') : t('hibah.no')) },
        ]}
      />
    </Stack>
  );
}

/**
 * Caretakers of the draft; each may name the minor receiver in their care (none = every minor), and the
 * allowance (on/off, amount typed in ringgit and kept in sen, frequency) may be changed.
 */
export function HibahCaretakersPart() {
  const { t } = useTranslation();
  const lang = useLang();
  const { hdraft } = useHibahContext();
  const minors = hdraft.receivers.filter((r) => r.is_minor);
  const person = caretakerSpecs(t).filter((s) => s.name !== 'wards');
  // The allowance itself can be changed, not only its frequency (issue 21 item 4).
  const specs = minorCaretakerSpecs(t, person, minors, t('hibahAmendments.caretakers.minor'));
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.caretakers')}</Title>
      {minors.length > 0 && (
        <Notice color="blue">
          {t('hibahAmendments.caretakers.minors', { names: minors.map((m) => m.name).join(', ') })}
        </Notice>
      )}
      <DraftRows
        section="caretakers"
        specs={specs}
        schema={hibahCaretakerSchema}
        title={t('hibahAmendments.pages.caretakers')}
        name={(r) => r.name}
        testId="hibah-draft-caretakers"
        columns={[
          { label: t('wills.f.name'), render: (r) => r.name },
          {
            label: t('hibahAmendments.caretakers.minor'),
            render: (r) => minors.find((m) => m.id === r.receiver_id)?.name ?? t('hibahAmendments.caretakers.all'),
          },
          {
            label: t('hibah.g.allowance_amount'),
            render: (r) =>
              r.has_allowance && typeof r.allowance_amount_sen === 'number'
                ? `${formatRinggit(r.allowance_amount_sen)} · ${
                    r.allowance_frequency === 'other'
                      ? String(r.other_allowance_frequency ?? '')
                      : labelOf(FREQUENCIES, r.allowance_frequency ?? null, lang)
                  }`
                : t('hibah.g.no_allowance'),
          },
        ]}
      />
    </Stack>
  );
}

/** Witnesses of the draft; once invited (status 4), whether each has confirmed through their link. */
export function HibahWitnessesPart() {
  const { t } = useTranslation();
  const { amendment } = useHibahContext();
  return (
    <Stack>
      <Title order={2}>{t('hibahAmendments.pages.witnesses')}</Title>
      <Text>{t('amendments.witness.intro')}</Text>
      {amendment.witnesses.length > 0 ? (
        <RecordsTable<AmendmentWitness>
          rows={amendment.witnesses}
          caption={t('hibahAmendments.pages.witnesses')}
          empty=""
          name={(r) => r.name}
          testId="hibah-amendment-witnesses"
          columns={[
            { label: t('wills.f.name'), render: (r) => r.name },
            { label: t('wills.f.email'), render: (r) => r.email },
            {
              label: t('amendments.f.status'),
              render: (r) =>
                r.confirmed_at ? (
                  <Badge color="green.9">{t('amendments.witness.confirmed')}</Badge>
                ) : (
                  <Badge color="gray.7">{t('amendments.witness.waiting')}</Badge>
                ),
            },
          ]}
        />
      ) : (
        <DraftRows
          section="witnesses"
          specs={witnessSpecs(t)}
          schema={hibahWitnessSchema}
          title={t('hibahAmendments.pages.witnesses')}
          name={(r) => r.name}
          testId="hibah-draft-witnesses"
          columns={[
            { label: t('wills.f.name'), render: (r) => r.name },
            { label: t('wills.f.email'), render: (r) => r.email },
          ]}
        />
      )}
    </Stack>
  );
}
