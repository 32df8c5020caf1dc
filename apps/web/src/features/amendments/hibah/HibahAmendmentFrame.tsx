/**
 * The frame of a hibah amendment's page /trust/pindaan/{amendment_id} (ADR 0038): loads the amendment
 * with its draft, shows its reference, the hibah's number, status (spec §4) and timeline, and a sidebar of
 * its parts (the instruments' step list, the current part marked `aria-current="step"`). Parts read it from the outlet context (the will amendment wizard's `AmendmentContext`, so the
 * generic draft lists, property pages and documents are reused). The draft is editable by the grantor
 * only (spec §6), while drafting (status 0) and paid.
 */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { StepFrame } from '@/components/instrument/StepFrame.tsx';
import { Busy, Notice } from '@/features/wills/index.ts';
import { session } from '@/lib/storage.ts';
import { useAmendment, useRefreshAmendments } from '../api.ts';
import { AmendmentStatusBadge, AmendmentTimeline } from '../components/AmendmentStatus.tsx';
import type { AmendmentContext } from '../components/AmendmentWizard.tsx';
import type { Draft } from '../types.ts';

/** The parts in sidebar order: route suffix after /trust/pindaan/{id} and label key. */
export const HIBAH_AMENDMENT_PARTS = [
  ['', 'summary'],
  ['penerima', 'receivers'],
  ['harta-tak-alih', 'immoveables'],
  ['harta-alih', 'moveables'],
  ['penjaga', 'caretakers'],
  ['saksi', 'witnesses'],
  ['mesej', 'message'],
  ['ekyc', 'ekyc'],
  ['hantar', 'submit'],
  ['draf', 'draft'],
] as const;

export function HibahAmendmentFrame() {
  const { t } = useTranslation();
  const { amendment_id = '' } = useParams();
  const { pathname } = useLocation();
  const one = useAmendment(amendment_id);
  const refresh = useRefreshAmendments();
  if (one.isLoading) return <Busy />;
  const a = one.data;
  if (!a?.draft || a.amendmentable_type !== 'Hibah') {
    return (
      <Stack>
        <Title order={1}>{t('hibahAmendments.list.title')}</Title>
        <Notice color="yellow">{t('hibahAmendments.editor.none')}</Notice>
        <Anchor component={Link} to="/trust/part-listpindaan">
          {t('hibahAmendments.editor.back')}
        </Anchor>
      </Stack>
    );
  }
  const grantor = a.user_id === session.user()?.id;
  const ctx: AmendmentContext = {
    wasiatId: a.amendmentable_id,
    amendment: a,
    draft: a.draft as Draft,
    editable: grantor && a.status === 0 && a.paid === 1,
    refresh,
  };
  const base = `/trust/pindaan/${a.id}`;
  return (
    <Stack>
      <Title order={1}>{t('hibahAmendments.editor.title', { reference: a.reference_no })}</Title>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Text>
            {t('hibahAmendments.f.hibah_number')}: {a.amendmentable.hibah_number ?? '—'}
          </Text>
          <Text>
            {t('hibahAmendments.f.status')}: <AmendmentStatusBadge status={a.status} />
          </Text>
          <AmendmentTimeline status={a.status} />
          {a.status === 0 && a.paid !== 1 && <Notice color="yellow">{t('amendments.wizard.unpaid')}</Notice>}
          {a.status === 0 && !ctx.editable && a.paid === 1 && (
            <Notice color="blue">{t('hibahAmendments.editor.read_only')}</Notice>
          )}
          {a.reason && (
            <Text>
              {t('amendments.f.reason')}: {a.reason}
            </Text>
          )}
          <Anchor component={Link} to={`/trust/part-listpindaan?id=${a.amendmentable_id}`}>
            {t('hibahAmendments.editor.back')}
          </Anchor>
        </Stack>
      </Paper>
      <StepFrame
        label={t('hibahAmendments.editor.parts')}
        steps={HIBAH_AMENDMENT_PARTS.map(([path, key]) => ({
          key,
          label: t(`hibahAmendments.pages.${key}`),
          href: path ? `${base}/${path}` : base,
          testId: `hibah-amendment-step-${key}`,
        }))}
        current={
          HIBAH_AMENDMENT_PARTS.find(([path]) => (path ? pathname.endsWith(`/${path}`) : pathname === base))?.[1]
        }
      >
        <Outlet context={ctx} />
      </StepFrame>
    </Stack>
  );
}
