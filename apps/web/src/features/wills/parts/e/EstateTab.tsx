/**
 * Part e "Estate & faraid" tab (issue 9; docs/api/wills.md "Estate, bequest limit and executor fee"):
 * the estimated estate, funeral expenses, debts and harta sepencarian (ringgit, saved as sen with
 * PATCH /api/wasiat/{id}); everything given to non-heirs — general bequests and shares of property at their
 * values — against one third of the net estate, with the figure (Muslim Wills Enactment (Selangor) 1999
 * s.26(1); issue 37 item 2, ADR 0257), and the general bequests to heirs, which take effect only with the other
 * heirs' consent after the death (s.26(2)) — the testator cannot record that consent, so there is no box for it
 * (issue 41 item 4); the executor fee (spec §9); and a live faraid preview of the heirs of part d on what remains,
 * with a note for each heir the preview cannot place. Everything recomputes as the user types; the will is read
 * again when the tab opens, so shares and values saved on the other tabs are counted.
 */
import { Button, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRinggit, fractionToPercent } from '@wasiat/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { FaraidResult } from '@/features/faraid/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { Notice } from '../../../../components/Notice.tsx';
import { useWillList } from '../../hooks/useWill.ts';
import type { Bequest, Heir, UserDetail, Will } from '../../types.ts';
import { WajibahOfWill } from '../d/WajibahSummary.tsx';
import { ESTATE_FIELDS, type EstateTexts, estateModel, parseTexts, senToText } from './estate.ts';

/** The tab; see the file comment. `onSaved` re-reads the will. */
export function EstateTab({
  will,
  wasiatId,
  editable,
  onSaved,
}: {
  will: Will | null;
  wasiatId: string;
  editable: boolean;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const heirs = useWillList<Heir>(wasiatId, 'heir', 'heirs');
  const bequests = useWillList<Bequest>(wasiatId, 'bequest', 'bequests');
  const detail = useQuery({
    queryKey: ['wasiat', wasiatId, 'user-detail'],
    queryFn: async () =>
      (await api.get<{ user_detail: UserDetail | null }>(`wasiat/${wasiatId}/user-detail`)).user_detail,
  });
  const [texts, setTexts] = useState<EstateTexts>(() => ({
    estimated_estate_sen: senToText(will?.estimated_estate_sen),
    funeral_sen: senToText(will?.funeral_sen),
    debts_sen: senToText(will?.debts_sen),
    harta_sepencarian_sen: senToText(will?.harta_sepencarian_sen),
  }));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  // Shares and values saved on the other tabs change the server's figures: read the will again on opening.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the tab opens
  useEffect(() => {
    void onSaved();
  }, []);
  const parsed = useMemo(() => parseTexts(texts), [texts]);
  // Property declared harta sepencarian replaces the single amount (ADR 0286).
  const declaredSepencarian =
    will?.estate?.harta_sepencarian_source === 'properties' ? (will.estate.harta_sepencarian_sen ?? null) : null;
  const m = useMemo(
    () =>
      estateModel({
        sen: parsed.sen,
        propertySen: will?.estate?.property_sen,
        heirs: heirs.data ?? [],
        bequests: bequests.data ?? [],
        detail: detail.data,
        oneThird: will?.estate?.one_third,
        declaredSepencarianSen: declaredSepencarian,
      }),
    [
      parsed,
      will?.estate?.property_sen,
      will?.estate?.one_third,
      declaredSepencarian,
      heirs.data,
      bequests.data,
      detail.data,
    ],
  );
  const net = m.estate.net;
  const fee = m.estate.executorFee;
  const third = m.third;

  const save = async () => {
    setError(null);
    setSaved(false);
    setServerErrors({});
    if (Object.keys(parsed.errors).length) return;
    try {
      await api.patch(`wasiat/${wasiatId}`, parsed.sen);
      await onSaved();
      setSaved(true);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setServerErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      setError(e.firstMessage);
    }
  };

  const amountInput = (k: (typeof ESTATE_FIELDS)[number]) => (
    <TextInput
      key={k}
      label={t(`wills.e.estate.${k}`)}
      placeholder="0.00"
      inputMode="decimal"
      value={texts[k]}
      readOnly={!editable}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setTexts((x) => ({ ...x, [k]: v }));
      }}
      error={parsed.errors[k] ? t('wills.e.estate.amount_invalid') : serverErrors[k]}
      description={
        k === 'harta_sepencarian_sen' && declaredSepencarian !== null
          ? t('wills.e.estate.sepencarian_declared', { amount: formatRinggit(declaredSepencarian) })
          : undefined
      }
    />
  );

  return (
    <Stack data-testid="estate-tab">
      <Text>{t('wills.e.estate.intro')}</Text>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('wills.e.estate.figures')}
        </Title>
        <Text size="sm">
          {t('wills.e.estate.property_sum', {
            amount: will?.estate?.property_sen == null ? '—' : formatRinggit(will.estate.property_sen),
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{ESTATE_FIELDS.map(amountInput)}</SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('wills.e.estate.estimate_help')}
        </Text>
        {net ? (
          <Text data-testid="estate-net">
            {t('wills.e.estate.net', {
              gross: formatRinggit(m.estate.grossSen ?? 0),
              net: formatRinggit(net.afterClaims),
            })}
          </Text>
        ) : (
          <Text c="dimmed">{t('wills.e.estate.unknown')}</Text>
        )}
      </Stack>

      <Stack gap="xs" data-testid="estate-third">
        <Title order={3} size="h4">
          {t('wills.e.estate.third_title')}
        </Title>
        <Text>{t('wills.e.estate.non_heirs', { percent: fractionToPercent(third.share) })}</Text>
        {third.totalSen !== null ? (
          <Text data-testid="estate-third-figure">
            {t('wills.e.estate.of_third', {
              total: formatRinggit(third.totalSen),
              bequests: formatRinggit(third.bequestsSen ?? 0),
              property: formatRinggit(third.propertySen),
              third: formatRinggit(third.thirdSen ?? 0),
            })}{' '}
            {third.over ? '' : t('wills.e.estate.within_third')}
          </Text>
        ) : null}
        {third.over ? (
          <Notice color="red" data-testid="estate-over-third">
            {third.totalSen !== null && third.netSen !== null
              ? t('wills.one_third_exceeded', {
                  total: formatRinggit(third.totalSen),
                  third: formatRinggit(third.thirdSen ?? 0),
                  net: formatRinggit(third.netSen),
                })
              : t('wills.one_third_exceeded_share', { percent: fractionToPercent(third.share) })}
          </Notice>
        ) : null}
        {third.missing ? (
          <Notice color="yellow" data-testid="estate-values-missing">
            {t('wills.e.estate.values_missing', { count: third.missing })}
          </Notice>
        ) : null}
        {m.check.toHeir ? (
          <Text data-testid="estate-to-heirs">
            {t('wills.e.estate.to_heirs', { percent: fractionToPercent(m.check.heirTotal) })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('wills.e.estate.no_consent')}
        </Text>
      </Stack>

      <Stack gap="xs" data-testid="estate-fee">
        <Title order={3} size="h4">
          {t('wills.e.estate.fee_title')}
        </Title>
        {fee ? (
          <Text>
            {t('wills.e.estate.fee', {
              fee: formatRinggit(fee.fee),
              estate: formatRinggit(fee.estate),
              provider: formatRinggit(fee.providerBears),
              percent: fee.providerPercent,
              client: formatRinggit(fee.estatePays),
            })}
          </Text>
        ) : (
          <Text c="dimmed">{t('wills.e.estate.unknown')}</Text>
        )}
      </Stack>

      <FormError message={error} />
      {saved ? <Text role="status">{t('wills.e.estate.saved')}</Text> : null}
      {editable ? (
        <Group>
          <Button onClick={save}>{t('wills.e.estate.save')}</Button>
        </Group>
      ) : null}

      <Stack gap="xs" aria-live="polite" data-testid="faraid-preview">
        <Title order={3} size="h4">
          {t('wills.e.estate.preview_title')}
        </Title>
        <Text size="sm">
          {t(m.policy === 'radd' ? 'wills.e.estate.preview_lead_radd' : 'wills.e.estate.preview_lead', {
            amount: net ? formatRinggit(net.net) : '—',
          })}
        </Text>
        {m.view ? <FaraidResult view={m.view} showAmounts={!!net} /> : null}
        {!m.view && !m.heirs.skipped.length ? <Text c="dimmed">{t('wills.e.estate.no_heirs')}</Text> : null}
        {m.heirs.skipped.length ? (
          <List size="sm" data-testid="faraid-skipped">
            {m.heirs.skipped.map((s, i) => (
              <List.Item key={(s.heir.id as string | undefined) ?? i}>
                {t(`wills.e.estate.skip.${s.reason}`, { name: s.heir.name ?? '' })}
              </List.Item>
            ))}
          </List>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('faraid.page.disclaimer')}
        </Text>
      </Stack>
      {/* The grandchildren's wasiat wajibah, which comes off before faraid (ADR 0270). */}
      <WajibahOfWill wasiatId={wasiatId} />
    </Stack>
  );
}
