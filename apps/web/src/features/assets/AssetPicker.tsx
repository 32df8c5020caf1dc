/**
 * "From my asset map" in the will wizard's property part (issue 40 item 6 "it feeds the will"; ADR 0269): beside
 * the property form (which is unchanged), the testator's map entries that fit this tab, each with "Add to will".
 * The server copies the kind, institution, reference, description and the value with its date into the will's
 * property (`POST /api/asset/{id}/will-property`); the few details the map does not hold (a vehicle's make, a
 * title's lot number, …; picker-details.ts) are asked for first, and a 422 lands on its field. A nomination (and a
 * debt or zakat) cannot be added: it is shown with the reason (paid to the nominee outside the estate).
 */
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { assetKindLabel, type CatalogueEntry, formatRinggit, willPropertyOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { type Asset, assetMapKey, fetchAssetMap } from './api.ts';
import { detailFieldsOf, fitsTab } from './picker-details.ts';

const optionsOf = (o: readonly CatalogueEntry[] | readonly string[], lang: 'ms' | 'en') =>
  o.map((x) => (typeof x === 'string' ? { value: x, label: x } : { value: x.code, label: x[lang] }));

/** Asking for one entry's missing details, then adding it. */
function AddEntry({ asset, wasiatId, onDone }: { asset: Asset; wasiatId: string; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const fields = detailFieldsOf(asset);
  const [details, setDetails] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function add() {
    setBusy(true);
    try {
      const filled = Object.fromEntries(Object.entries(details).filter(([, v]) => v.trim() !== ''));
      const r = await api.post<{ message: string }>(
        `asset/${asset.id}/will-property`,
        { wasiat_id: wasiatId, details: filled },
        { silent: true },
      );
      successToast(r.message);
      onDone();
    } catch (err) {
      const out: Record<string, string> = {};
      if (err instanceof ApiError) {
        for (const [k, m] of Object.entries(err.errors)) out[fields.some((f) => f.name === k) ? k : '_'] ??= m[0];
        if (!Object.keys(out).length) out._ = err.firstMessage;
        err.shownInline = true;
      } else out._ = String(err);
      setErrors(out);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" data-testid="asset-pick-details">
      <FormError message={errors._} />
      {fields.map((f) =>
        f.options ? (
          <Select
            key={f.name}
            label={t(f.labelKey)}
            required
            data={optionsOf(f.options, lang)}
            value={details[f.name] ?? null}
            onChange={(v) => setDetails((s) => ({ ...s, [f.name]: v ?? '' }))}
            error={errors[f.name]}
          />
        ) : (
          <TextInput
            key={f.name}
            label={t(f.labelKey)}
            required
            value={details[f.name] ?? ''}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setDetails((s) => ({ ...s, [f.name]: v }));
            }}
            error={errors[f.name]}
          />
        ),
      )}
      <Group>
        <Button size="xs" loading={busy} onClick={add}>
          {t('assets.picker.add')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The picker of tab `kind` of will `wasiatId`, for the map of the will's testator (`userId`, else read from the
 * will). `onAdded` refreshes the tab's list.
 */
export function AssetPicker({
  kind,
  wasiatId,
  userId,
  onAdded,
}: {
  kind: 'moveable' | 'immoveable';
  wasiatId: string;
  userId?: string;
  onAdded: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  // The will's testator, whose map this is (the caller's own for a client; a client's for an agent or staff).
  const owner = useQuery({
    queryKey: ['asset-picker-owner', wasiatId],
    queryFn: async () => (await api.get<{ wasiat: { user_id: string } }>(`wasiat/${wasiatId}`)).wasiat.user_id,
    enabled: open && !userId,
  });
  const testator = userId ?? owner.data;
  const map = useQuery({
    queryKey: assetMapKey(testator),
    queryFn: () => fetchAssetMap(testator),
    enabled: open && !!testator,
  });
  const entries = (map.data?.assets ?? []).filter((a) => fitsTab(a, kind));

  if (!open)
    return (
      <Group>
        <Button variant="subtle" onClick={() => setOpen(true)} data-testid={`${kind}-from-asset-map`}>
          {t('assets.picker.open')}
        </Button>
      </Group>
    );
  return (
    <Paper withBorder p="sm" data-testid={`${kind}-asset-picker`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('assets.picker.title')}</Text>
          <Button size="xs" variant="default" onClick={() => setOpen(false)}>
            {t('common.close')}
          </Button>
        </Group>
        {map.isSuccess && entries.length === 0 && <Text size="sm">{t('assets.picker.none')}</Text>}
        {entries.map((a) => {
          const pick = willPropertyOf(a.kind);
          return (
            <Paper key={a.id} withBorder p="xs" data-testid="asset-pick-entry">
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {assetKindLabel(a.kind, lang)} · {a.description}
                </Text>
                <Text size="sm">
                  {t('assets.page.value_line', {
                    amount: formatRinggit(a.value_sen),
                    date: formatDate(a.value_estimated_on, lang),
                  })}
                </Text>
                {'refusal' in pick ? (
                  <Alert color="gray" variant="light" p="xs">
                    {t(pick.refusal)}
                  </Alert>
                ) : chosen === a.id ? (
                  <AddEntry
                    asset={a}
                    wasiatId={wasiatId}
                    onDone={() => {
                      setChosen(null);
                      onAdded();
                    }}
                  />
                ) : (
                  <Group>
                    <Button size="xs" variant="light" onClick={() => setChosen(a.id)}>
                      {t('assets.picker.choose')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
