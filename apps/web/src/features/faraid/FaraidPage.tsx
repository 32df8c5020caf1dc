/**
 * The public faraid calculator (issue 9): anyone enters the deceased's sex, the surviving heirs and an
 * amount, and sees each heir's share as a fraction, a percentage and an amount, a bar chart of who gets
 * what (drawn with plain elements and hidden from screen readers, which read the table instead), and
 * the reasons (fixed share, residuary, blocked by whom).
 */
import {
  Alert,
  Card,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FaraidPolicy, type HeirCounts, type HeirKey, parseRinggit, type Sex } from '@wasiat/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { computeView, heirGroups } from './calculate.ts';
import { FaraidResult } from './FaraidResult.tsx';

export function FaraidPage() {
  const { t } = useTranslation();
  const [deceased, setDeceased] = useState<Sex>('male');
  const [policy, setPolicy] = useState<FaraidPolicy>('baitulmal');
  const [estateText, setEstateText] = useState('');
  const [counts, setCounts] = useState<HeirCounts>({});

  const estate = estateText.trim() ? parseRinggit(estateText) : null;
  const estateError = estateText.trim() && estate === null ? t('faraid.page.estate_invalid') : undefined;
  const groups = useMemo(() => heirGroups(deceased), [deceased]);
  const visible = useMemo(() => {
    const allowed = new Set(groups.flatMap(([, keys]) => keys));
    const out: HeirCounts = {};
    for (const [k, v] of Object.entries(counts)) if (allowed.has(k as HeirKey)) out[k as HeirKey] = v;
    return out;
  }, [counts, groups]);
  const view = useMemo(() => computeView(deceased, visible, policy, estate), [deceased, visible, policy, estate]);
  const heirName = (key: string) => t(`faraid.heirs.${key}`);
  const anyHeir = Object.values(visible).some((v) => (v ?? 0) > 0);

  return (
    <Stack gap="lg" py="md">
      <Stack gap={4}>
        <Title order={1}>{t('faraid.page.title')}</Title>
        <Text>{t('faraid.page.lead')}</Text>
      </Stack>

      <Card withBorder>
        <Stack>
          <Radio.Group
            label={t('faraid.page.deceased')}
            value={deceased}
            onChange={(v) => setDeceased(v as Sex)}
            name="deceased"
          >
            <Group mt="xs">
              <Radio value="male" label={t('faraid.page.male')} />
              <Radio value="female" label={t('faraid.page.female')} />
            </Group>
          </Radio.Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="faraid-policy-label">
              {t('faraid.page.policy')}
            </Text>
            <SegmentedControl
              aria-labelledby="faraid-policy-label"
              value={policy}
              onChange={(v) => setPolicy(v as FaraidPolicy)}
              data={[
                { value: 'baitulmal', label: t('faraid.page.policy_baitulmal') },
                { value: 'radd', label: t('faraid.page.policy_radd') },
              ]}
            />
            <Text size="xs" c="dimmed">
              {t('faraid.page.policy_help')}
            </Text>
          </Stack>
          <TextInput
            label={t('faraid.page.estate')}
            description={t('faraid.page.estate_help')}
            placeholder="100000.00"
            value={estateText}
            onChange={(e) => setEstateText(e.currentTarget.value)}
            error={estateError}
            inputMode="decimal"
          />
        </Stack>
      </Card>

      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('faraid.page.heirs')}
        </Title>
        {groups.map(([cls, keys]) => (
          <Fieldset key={cls} legend={t(`faraid.page.class.${cls}`)}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {keys.map((k) => (
                <NumberInput
                  key={k}
                  label={heirName(k)}
                  min={0}
                  max={99}
                  allowDecimal={false}
                  allowNegative={false}
                  value={visible[k] ?? ''}
                  onChange={(v) => setCounts((c) => ({ ...c, [k]: typeof v === 'number' ? v : 0 }))}
                  error={view.errors[k] ? t(view.errors[k]) : undefined}
                  data-testid={`heir-${k}`}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
      </Stack>

      <Stack gap="sm" aria-live="polite">
        <Title order={2} size="h3">
          {t('faraid.page.result')}
        </Title>
        {Object.keys(view.errors).length ? (
          <Alert color="red">{t('faraid.page.fix_errors')}</Alert>
        ) : !anyHeir ? (
          <Text c="dimmed">{t('faraid.page.no_heirs')}</Text>
        ) : null}
        {view.rows.length ? <FaraidResult view={view} showAmounts={estate !== null} /> : null}
        <Text size="xs" c="dimmed">
          {t('faraid.page.disclaimer')}
        </Text>
      </Stack>
    </Stack>
  );
}
