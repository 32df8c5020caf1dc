/**
 * The plain-words notice of bequests to heirs on the property/receiver step (issue 17 item 5; ADR 0155; issue 41
 * item 4, ADR 0257): when a share of a property given to an heir is larger than that heir's faraid share, or a
 * general bequest goes to an heir, the server (never this screen) works it out (GET /api/wasiat/{id}/heir-bequests);
 * the notice says that it takes effect only with the other heirs' consent after the death (Enakmen Wasiat Orang
 * Islam (Selangor) 1999 s.26(2)) — which the testator cannot give or record — lists each one (heir, property or
 * bequest, share given, faraid share, the excess and its amount in ringgit) and asks for the testator's
 * acknowledgement that they were told, with a required checkbox (POST /api/wasiat/{id}/heir-bequests/acknowledge).
 * A change to a share asks again.
 * Written once for every instrument that gives property (issue 34): the will's part E
 * (`wasiat/{id}/heir-bequests`) and a will amendment's submit step (`amendment/{id}/heir-bequests`, ADR 0224).
 */
import { Checkbox, List, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRinggit, fractionToPercent, parseFraction } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { Notice } from '../Notice.tsx';

/** One bequest to an heir as the server answers it (fractions "n/d"; labels in both languages). */
export interface HeirBequestRow {
  heir_id: string;
  heir_name: string;
  property_id: string;
  /** A share of a property, or a general bequest ("Bequest"). */
  property_kind?: 'MoveableProperty' | 'ImmoveableProperty' | 'Bequest';
  share: string;
  faraid: string | null;
  excess: string;
  /** The excess in sen (× the property's value or the net estate), null while unknown. */
  value_sen?: number | null;
  property_label: { ms: string; en: string };
  relationship_label: { ms: string; en: string };
}
/** `GET /api/wasiat/{id}/heir-bequests`. */
export interface HeirBequestsState {
  heir_bequests: HeirBequestRow[];
  acknowledged: boolean;
  acknowledgement: { acknowledged_at: string } | null;
}

/** Whose bequests: a will (`wasiat`) or a will amendment's draft (`amendment`), by id. */
export interface HeirBequestSubject {
  kind: 'wasiat' | 'amendment';
  id: string;
}
/** The query key, under the subject's own key (saving a share of the will or the draft refreshes it). */
export const heirBequestsKey = (s: HeirBequestSubject) => [s.kind, s.id, 'heir-bequests'];
/** `GET /api/{wasiat|amendment}/{id}/heir-bequests`. */
export function useHeirBequests(s: HeirBequestSubject) {
  return useQuery({
    queryKey: heirBequestsKey(s),
    enabled: !!s.id,
    queryFn: () => api.get<HeirBequestsState>(`${s.kind}/${s.id}/heir-bequests`),
  });
}

const pct = (f: string | null) => {
  const x = f === null ? null : parseFraction(f);
  return x ? fractionToPercent(x) : null;
};

/** The notice; renders nothing while the will has no bequests to heirs. */
export function HeirBequestsNotice({ subject, editable }: { subject: HeirBequestSubject; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const qc = useQueryClient();
  const q = useHeirBequests(subject);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = q.data?.heir_bequests ?? [];
  if (list.length === 0) return null;
  const acknowledged = !!q.data?.acknowledged;
  return (
    <Notice color="yellow" title={t('wills.e.heir_bequests.title')} data-testid="heir-bequests-notice">
      <Stack gap="xs">
        <Text size="sm">{t('wills.e.heir_bequests.explain')}</Text>
        <List size="sm">
          {list.map((b) => (
            <List.Item key={`${b.heir_id}-${b.property_kind}-${b.property_id}`}>
              {t(b.property_kind === 'Bequest' ? 'wills.e.heir_bequests.line_bequest' : 'wills.e.heir_bequests.line', {
                heir: b.heir_name,
                relationship: b.relationship_label[lang],
                property: b.property_label[lang],
                share: pct(b.share),
                faraid: pct(b.faraid) ?? t('wills.e.heir_bequests.faraid_unknown'),
                excess: pct(b.excess),
                amount:
                  b.value_sen == null ? '' : t('wills.e.heir_bequests.amount', { amount: formatRinggit(b.value_sen) }),
              })}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t('wills.e.heir_bequests.consent')}</Text>
        <Checkbox
          required
          data-testid="heir-bequests-ack"
          label={t('wills.e.heir_bequests.ack_label')}
          checked={acknowledged}
          disabled={!editable || acknowledged || busy}
          onChange={async (e) => {
            if (!e.currentTarget.checked) return;
            setError(null);
            setBusy(true);
            try {
              await api.post(
                `${subject.kind}/${subject.id}/heir-bequests/acknowledge`,
                { acknowledged: 1 },
                { silent: true },
              );
              await qc.invalidateQueries({ queryKey: heirBequestsKey(subject) });
            } catch (err) {
              setError(err instanceof Error ? err.message : String(err));
            } finally {
              setBusy(false);
            }
          }}
        />
        {acknowledged && q.data?.acknowledgement && (
          <Text size="sm" data-testid="heir-bequests-acked">
            {t('wills.e.heir_bequests.acked_at', {
              at: formatDateTime(q.data.acknowledgement.acknowledged_at, lang),
            })}
          </Text>
        )}
        <FormError message={error} />
      </Stack>
    </Notice>
  );
}
