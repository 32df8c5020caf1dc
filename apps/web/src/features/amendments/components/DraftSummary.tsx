/**
 * A read-only view of an amendment draft (the will's content as it will read; ADR 0021): testator,
 * heirs, property with receivers and shares (and a harta sepencarian declaration's portion; ADR 0286), guardians,
 * bequests, witnesses. Used by the draft review
 * and the witness page.
 */
import { List, Stack, Text, Title } from '@mantine/core';
import { labelOf, MOVEABLE_PROPERTY_TYPES, maskMykad, relationshipLabel } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { sepencarianText, useLang } from '@/features/wills/index.ts';
import type { Draft, Row } from '../types.ts';

/** `maskIc`: the testator's MyKad masked as the public pages do (`maskMykad`; the witness page, issue 21 item 9). */
export function DraftSummary({ draft, maskIc = false }: { draft: Draft; maskIc?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rel = (c: string | null | undefined, ic?: unknown) =>
    relationshipLabel(c, typeof ic === 'string' ? ic : null, lang) || '—';
  const receiver = (id: string) => draft.receivers.find((r) => r.id === id)?.name ?? '—';
  const shares = (p: Row) =>
    (p.shares ?? [])
      .map((s: { receiver_id: string; portion: string }) => `${receiver(s.receiver_id)} (${s.portion})`)
      .join(', ') || '—';
  const section = (title: string, rows: Row[], text: (r: Row) => string, testId: string) => {
    const items = rows.map((r) => ({ key: r.id, text: text(r) }));
    return (
      <Stack gap={4} data-testid={testId}>
        <Title order={3}>{title}</Title>
        {items.length ? (
          <List>
            {items.map((x) => (
              <List.Item key={x.key}>{x.text}</List.Item>
            ))}
          </List>
        ) : (
          <Text c="dimmed">—</Text>
        )}
      </Stack>
    );
  };
  // A property declared harta sepencarian names the spouse's portion (ADR 0286).
  const declaration = (p: Row) =>
    p.sepencarian_bp == null ? '' : ` — ${t('wills.f.harta_sepencarian_short')}: ${sepencarianText(t, p as never)}`;
  const moveable = (p: Row) =>
    `${labelOf(MOVEABLE_PROPERTY_TYPES, p.property_type ?? null, lang)} ${p.institution_name ?? p.transport_registration_number ?? ''}: ${shares(p)}${declaration(p)}`;
  return (
    <Stack data-testid="draft-summary">
      <Text>
        {t('wills.f.testator')}: {draft.user_detail?.name ?? '—'} (
        {draft.user_detail?.ic_number
          ? maskIc
            ? maskMykad(draft.user_detail.ic_number)
            : draft.user_detail.ic_number
          : '—'}
        )
      </Text>
      {section(
        t('amendments.sections.heirs'),
        draft.heirs,
        (h) => `${h.name} — ${rel(h.relationship, h.ic_number)}`,
        'draft-summary-heirs',
      )}
      {section(t('amendments.pages.pindaan-harta-alih'), draft.moveables, moveable, 'draft-summary-moveables')}
      {section(
        t('amendments.pages.pindaan-harta-tak-alih'),
        draft.immoveables,
        (p) => `${p.property_no} / ${p.lot_number}, ${p.city}: ${shares(p)}${declaration(p)}`,
        'draft-summary-immoveables',
      )}
      {section(t('amendments.sections.caretakers'), draft.caretakers, (c) => c.name, 'draft-summary-caretakers')}
      {section(
        t('amendments.sections.bequests'),
        draft.bequests,
        (b) => `${b.beneficiary_name} (${b.portion})`,
        'draft-summary-bequests',
      )}
      {section(t('amendments.sections.witnesses'), draft.witnesses, (w) => w.name, 'draft-summary-witnesses')}
    </Stack>
  );
}
