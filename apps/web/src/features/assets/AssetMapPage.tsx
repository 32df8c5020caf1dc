/**
 * /harta/peta (issue 40 item 6; ADR 0269; `asset:manage:own` | `asset:read:client`): the asset and nominee map a
 * testator keeps beside the will — the totals first (gross estate, debts and zakat, net, and the nominated amounts
 * paid to nominees outside the estate), then each entry as a card (kind, institution, value and the date of its
 * estimate, the nominee of a nomination, its documents) with change, remove and attach, and the form to add one.
 * One column of cards, so a phone is enough. `?user_id=` opens a client's map for an agent or staff who act for them
 * (the server decides: a client out of reach is a 404). The yearly review date is shown (mailed in ms and en).
 */
import { Alert, Anchor, Badge, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type AssetGroup, assetKindLabel, can, formatRinggit, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { confirmDelete, successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import { AssetForm } from './AssetForm.tsx';
import { type Asset, assetMapKey, downloadDocument, fetchAssetMap, toDataUrl } from './api.ts';

const GROUP_COLOR: Record<AssetGroup, string> = { asset: 'green', liability: 'red', nomination: 'blue' };

/** One figure of the totals. */
function Figure({ label, sen, testId }: { label: string; sen: number; testId: string }) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{formatRinggit(sen)}</Text>
    </Paper>
  );
}

/** The page; see the file comment. */
export function AssetMapPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const userId = params.get('user_id') ?? undefined;
  const role = roleOf(session.user());
  const mine = !userId || userId === session.user()?.id;
  const editable = can(role, mine ? 'asset:manage:own' : 'asset:manage:client');
  const map = useQuery({ queryKey: assetMapKey(userId), queryFn: () => fetchAssetMap(userId) });
  const [editing, setEditing] = useState<Asset | 'new' | null>(null);
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const refresh = () => qc.invalidateQueries({ queryKey: ['asset'] });

  async function save(body: Record<string, unknown>) {
    if (editing && editing !== 'new') await api.patch(`asset/${editing.id}`, body, { silent: true });
    else await api.post('asset', userId ? { ...body, user_id: userId } : body, { silent: true });
    successToast(t('common.saved'));
    setEditing(null);
    await refresh();
  }
  const remove = (a: Asset) =>
    confirmDelete(a.description, async () => {
      const r = await api.delete<{ message: string }>(`asset/${a.id}`);
      successToast(r.message);
      await refresh();
    });
  async function attach(a: Asset) {
    const f = files[a.id];
    if (!f) return;
    const r = await api.post<{ message: string }>(`asset/${a.id}/document`, {
      document: await toDataUrl(f),
      filename: f.name,
    });
    successToast(r.message);
    setFiles((s) => ({ ...s, [a.id]: null }));
    await refresh();
  }

  const data = map.data;
  return (
    <Stack maw={720}>
      <Title order={1}>{t('assets.page.title')}</Title>
      <Text size="sm">{t('assets.page.intro')}</Text>
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="asset-totals">
            <Figure label={t('assets.page.totals.gross')} sen={data.totals.gross_estate_sen} testId="total-gross" />
            <Figure
              label={t('assets.page.totals.liabilities')}
              sen={data.totals.liabilities_sen}
              testId="total-debts"
            />
            <Figure label={t('assets.page.totals.net')} sen={data.totals.net_estate_sen} testId="total-net" />
            <Figure
              label={t('assets.page.totals.nominated')}
              sen={data.totals.nominated_sen}
              testId="total-nominated"
            />
          </SimpleGrid>
          <Alert color="blue" variant="light">
            {t('assets.page.outside_note')}
          </Alert>
          {data.next_review_on && (
            <Text size="sm" data-testid="asset-next-review">
              {t('assets.page.next_review', { date: formatDate(data.next_review_on, lang) })}
            </Text>
          )}
          {data.assets.length === 0 && <Text>{t('assets.page.none')}</Text>}
          {data.assets.map((a) => (
            <Paper key={a.id} withBorder p="sm" data-testid="asset-entry">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{a.description}</Text>
                  <Badge color={GROUP_COLOR[a.group]} variant="light">
                    {assetKindLabel(a.kind, lang)}
                  </Badge>
                </Group>
                {(a.institution || a.reference) && (
                  <Text size="sm">{[a.institution, a.reference].filter(Boolean).join(' · ')}</Text>
                )}
                <Text size="sm">
                  {t('assets.page.value_line', {
                    amount: formatRinggit(a.value_sen),
                    date: formatDate(a.value_estimated_on, lang),
                  })}
                </Text>
                {a.outside_estate && (
                  <Text size="sm" c="blue">
                    {t('assets.page.nominee_line', { name: a.nominee_name, relationship: a.nominee_relationship })}
                  </Text>
                )}
                {a.documents.map((d) => (
                  <Anchor key={d.id} component="button" type="button" size="sm" onClick={() => downloadDocument(d)}>
                    {d.filename ?? t('assets.page.document')}
                  </Anchor>
                ))}
                {editable && (
                  <>
                    <Group gap="xs" align="flex-end">
                      <FileInput
                        size="xs"
                        style={{ flex: 1 }}
                        label={t('assets.page.attach')}
                        accept="image/png,image/jpeg,image/webp,application/pdf"
                        clearable
                        value={files[a.id] ?? null}
                        onChange={(f) => setFiles((s) => ({ ...s, [a.id]: f }))}
                      />
                      <Button size="xs" variant="light" disabled={!files[a.id]} onClick={() => attach(a)}>
                        {t('assets.page.upload')}
                      </Button>
                    </Group>
                    <Group gap="xs">
                      <Button size="xs" variant="default" onClick={() => setEditing(a)}>
                        {t('assets.page.change')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => remove(a)}>
                        {t('assets.page.remove')}
                      </Button>
                    </Group>
                  </>
                )}
              </Stack>
            </Paper>
          ))}
        </>
      )}
      {editable &&
        (editing !== null ? (
          <AssetForm
            key={editing === 'new' ? 'new' : editing.id}
            asset={editing === 'new' ? null : editing}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <Button onClick={() => setEditing('new')}>{t('assets.page.add')}</Button>
        ))}
    </Stack>
  );
}
