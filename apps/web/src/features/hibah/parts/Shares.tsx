/**
 * Who receives what share of one property (spec §5: "25%" or "1/4"; the total not over the whole —
 * checked here with the domain rule and again by the server): `GET|POST /api/hibah/{id}/property/{pid}/receiver`.
 * The add form opens under the property's row.
 */
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { isPortionError, parsePortion, portionsExceedWhole } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/app/api.ts';
import { useHibahRows, useRefreshHibah } from '../useHibah.ts';

/** Shares of a property, with an add form. */
export function Shares({ hibahId, propertyId, editable }: { hibahId: string; propertyId: string; editable: boolean }) {
  const { t } = useTranslation();
  const shares = useHibahRows<any>(hibahId, `property/${propertyId}/receiver`, 'receivers');
  const receivers = useHibahRows<any>(hibahId, 'receiver', 'receivers');
  const refresh = useRefreshHibah();
  const [rid, setRid] = useState<string | null>(null);
  const [portion, setPortion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const list = shares.data ?? [];
  const save = async () => {
    const p = parsePortion(portion);
    if (isPortionError(p)) return setError(t(p.error));
    if (portionsExceedWhole([...list.filter((s) => s.receiver_id !== rid).map((s) => s.portion), portion])) {
      return setError(t('validation.share_total_over'));
    }
    setError(null);
    await api.post(`hibah/${hibahId}/property/${propertyId}/receiver`, { receiver_id: rid, portion });
    setPortion('');
    setRid(null);
    setOpen(false);
    await refresh(hibahId);
  };
  return (
    <Stack gap={2}>
      {list.map((s) => (
        <Text key={s.id} size="sm">
          {s.receiver.name}: {s.portion}
        </Text>
      ))}
      {editable && !open ? (
        <Button size="xs" variant="light" onClick={() => setOpen(true)} data-testid={`shares-${propertyId}`}>
          {t('hibah.f.shares')}
        </Button>
      ) : null}
      {editable && open ? (
        <Stack gap="xs" data-testid={`share-form-${propertyId}`}>
          <Select
            label={t('hibah.f.receiver')}
            data={(receivers.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            value={rid}
            onChange={setRid}
          />
          <TextInput
            label={t('hibah.f.portion')}
            value={portion}
            onChange={(e) => setPortion(e.currentTarget.value)}
            error={error}
          />
          <Group gap="xs">
            <Button size="xs" disabled={!rid || !portion} onClick={save}>
              {t('hibah.save')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              {t('hibah.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
