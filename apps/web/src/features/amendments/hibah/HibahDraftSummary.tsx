/**
 * A read-only view of a hibah amendment's draft (the hibah's content as it will read; ADR 0037): the
 * grantor, trust details, heirs, receivers (minors marked), property with who receives what share,
 * caretakers and witnesses. Used by the draft review and the witness page (/pindaan/saksi/{id}).
 */
import { List, Stack, Text, Title } from '@mantine/core';
import { LAND_TITLE_TYPES, labelOf, MOVEABLE_PROPERTY_TYPES, maskMykad, relationshipLabel } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/features/wills/index.ts';
import type { Row } from '../types.ts';
import type { HibahDraft, HibahDraftProperty } from './api.ts';

/**
 * Props: the draft; `maskIc` shows the grantor's MyKad masked as the public pages do (`maskMykad`: the
 * witness page, issue 21 item 9).
 */
export function HibahDraftSummary({ draft, maskIc = false }: { draft: HibahDraft; maskIc?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  // As the will words it: a child reads Anak lelaki / Son or Anak perempuan / Daughter by their MyKad (issue 34).
  const rel = (c: string | null | undefined, ic: unknown) =>
    relationshipLabel(c, typeof ic === 'string' ? ic : null, lang) || '—';
  const receiver = (id: string) => draft.receivers.find((r) => r.id === id)?.name ?? '—';
  const shares = (p: HibahDraftProperty) =>
    (p.shares ?? []).map((s) => `${receiver(s.receiver_id)} (${s.portion})`).join(', ') || '—';
  const section = (title: string, rows: Row[], text: (r: Row) => string, testId: string) => (
    <Stack gap={4} data-testid={testId}>
      <Title order={3}>{title}</Title>
      {rows.length ? (
        <List>
          {rows.map((r) => (
            <List.Item key={r.id}>{text(r)}</List.Item>
          ))}
        </List>
      ) : (
        <Text c="dimmed">—</Text>
      )}
    </Stack>
  );
  const moveable = (p: Row) =>
    `${labelOf(MOVEABLE_PROPERTY_TYPES, p.property_type ?? null, lang)} ${
      p.one_cent_wallet_name ?? p.institution_name ?? p.transport_registration_number ?? ''
    }: ${shares(p as HibahDraftProperty)}`;
  const immoveable = (p: Row) =>
    `${labelOf(LAND_TITLE_TYPES, p.property_type ?? null, lang)} ${p.property_no} / ${p.lot_number}, ${p.city}: ${shares(
      p as HibahDraftProperty,
    )}`;
  const d = draft.user_detail;
  return (
    <Stack data-testid="hibah-draft-summary">
      <Text>
        {t('hibahAmendments.draft.grantor')}: {d?.name ?? '—'} (
        {d?.ic_number ? (maskIc ? maskMykad(d.ic_number) : d.ic_number) : '—'})
      </Text>
      {draft.fields?.trust_purpose ? (
        <Text>
          {t('hibahAmendments.draft.trust_purpose')}: {draft.fields.trust_purpose}
        </Text>
      ) : null}
      {draft.fields?.period ? (
        <Text>
          {t('hibahAmendments.draft.period')}: {draft.fields.period}
        </Text>
      ) : null}
      {draft.heirs.length
        ? section(
            t('hibahAmendments.draft.heirs'),
            draft.heirs,
            (h) => `${h.name} — ${rel(h.relationship, h.ic_number)}`,
            'hd-heirs',
          )
        : null}
      {section(
        t('hibahAmendments.draft.receivers'),
        draft.receivers,
        (r) =>
          `${r.name} — ${rel(r.relationship, r.ic_number)}${r.is_minor ? ` (${t('hibahAmendments.draft.minor')})` : ''}`,
        'hd-receivers',
      )}
      {section(t('hibahAmendments.draft.moveables'), draft.moveables, moveable, 'hd-moveables')}
      {section(t('hibahAmendments.draft.immoveables'), draft.immoveables, immoveable, 'hd-immoveables')}
      {section(
        t('hibahAmendments.draft.caretakers'),
        draft.caretakers,
        (c) => `${c.name}${c.receiver_id ? ` → ${receiver(c.receiver_id)}` : ''}`,
        'hd-caretakers',
      )}
      {section(t('hibahAmendments.draft.witnesses'), draft.witnesses, (w) => w.name, 'hd-witnesses')}
    </Stack>
  );
}
