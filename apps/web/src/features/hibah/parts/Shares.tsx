/**
 * Who receives what share of one property (spec §5: "25%" or "1/4"; the total not over the whole —
 * checked here with the domain rule and again by the server): `GET|POST /api/hibah/{id}/property/{pid}/receiver`.
 * The add form opens under the property's row.
 */
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { isPortionError, parsePortion, portionsExceedWhole, V } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { useErr } from '@/components/instrument/fields.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { useHibahRows, useRefreshHibah } from '../useHibah.ts';

/** Field errors of the share form: each message under the input it is about. */
type ShareErrors = { receiver_id?: string; portion?: string };

/**
 * Shares of a property, with an add form. Each error is shown under its own input (issue 21 item 9): the
 * receiver's (none chosen; the server's `receiver_id`) under "Penerima", the portion's (not a share, the total
 * over the whole; the server's `portion`) under "Bahagian"; a 422 from the server lands on its field.
 */
export function Shares({ hibahId, propertyId, editable }: { hibahId: string; propertyId: string; editable: boolean }) {
  const { t } = useTranslation();
  const err = useErr();
  const shares = useHibahRows<any>(hibahId, `property/${propertyId}/receiver`, 'receivers');
  const receivers = useHibahRows<any>(hibahId, 'receiver', 'receivers');
  const refresh = useRefreshHibah();
  const [rid, setRid] = useState<string | null>(null);
  const [portion, setPortion] = useState('');
  const [errors, setErrors] = useState<ShareErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const list = shares.data ?? [];
  const save = async () => {
    setFormError(null);
    const found: ShareErrors = {};
    if (!rid) found.receiver_id = V.choose;
    const p = parsePortion(portion);
    if (isPortionError(p)) found.portion = p.error;
    else if (portionsExceedWhole([...list.filter((s) => s.receiver_id !== rid).map((s) => s.portion), portion])) {
      found.portion = V.shareTotalOver;
    }
    setErrors(found);
    if (found.receiver_id || found.portion) return;
    try {
      await api.post(
        `hibah/${hibahId}/property/${propertyId}/receiver`,
        { receiver_id: rid, portion },
        { silent: true },
      );
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      e.shownInline = true;
      const server = { receiver_id: e.errors?.receiver_id?.[0], portion: e.errors?.portion?.[0] };
      setErrors(server);
      if (!server.receiver_id && !server.portion) setFormError(e.firstMessage);
      return;
    }
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
            onChange={(v) => {
              setRid(v);
              setErrors((x) => ({ ...x, receiver_id: undefined }));
            }}
            error={err(errors.receiver_id)}
          />
          <TextInput
            label={t('hibah.f.portion')}
            value={portion}
            onChange={(e) => {
              setPortion(e.currentTarget.value);
              setErrors((x) => ({ ...x, portion: undefined }));
            }}
            error={err(errors.portion)}
          />
          <FormError message={formError} />
          <Group gap="xs">
            <Button size="xs" disabled={!portion} onClick={save}>
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
