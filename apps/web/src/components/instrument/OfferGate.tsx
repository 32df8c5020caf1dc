/**
 * What the instrument's organisation lets it hold (issue 38 item 9; domain `instrument-offer.ts`): one hook and one
 * gate for the will and the hibah wizards, so a screen offers only what the server accepts, with the limit named.
 *
 * `useOffer(kind, id)` reads `GET /api/{wasiat|hibah}/{id}/offer` → `{ offer: { property, receiver, caretaker,
 * bequest? } }`, each `{ allowed, limit, count, full }`; it is re-read whenever the instrument's rows change (its key
 * sits under the instrument's query key, which every row change invalidates).
 *
 * `<OfferGate offer row>{add button}</OfferGate>`: when the organisation has switched the row off, says so and
 * shows no add button; when it caps the row, names the limit and the count ("Property: at most 3 (the
 * organisation's limit); 1 added."), and at the limit says it is reached and shows no add button. While the offer
 * loads, or when it cannot be read, the button shows (the server still refuses what the preference forbids).
 */
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OfferedRow, RowOffer } from '@wasiat/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';

/** The offer of each governed row of an instrument. */
export type InstrumentOffer = Partial<Record<OfferedRow, RowOffer>>;

/** The offer of will (`wasiat`) or hibah `id`; undefined while loading or without an id. */
export function useOffer(kind: 'wasiat' | 'hibah', id: string | null | undefined) {
  return useQuery({
    queryKey: [kind, id ?? '', 'offer'],
    enabled: !!id,
    queryFn: async () =>
      (await api.get<{ offer: InstrumentOffer }>(`${kind}/${id}/offer`, undefined, { silent: true })).offer,
  }).data;
}

/** The add control of `row`, shown only when the organisation lets one more be added; see the file comment. */
export function OfferGate({
  offer,
  row,
  children,
}: {
  offer: InstrumentOffer | undefined;
  row: OfferedRow;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const o = offer?.[row];
  if (!o) return <>{children}</>;
  if (!o.allowed) {
    return (
      <Text c="dimmed" data-testid={`offer-${row}`}>
        {t(`instrument_offer.not_allowed.${row}`)}
      </Text>
    );
  }
  const note =
    o.limit === null ? null : (
      <Text size="sm" c={o.full ? 'orange.9' : 'dimmed'} data-testid={`offer-${row}`}>
        {t(o.full ? `instrument_offer.full.${row}` : `instrument_offer.limit.${row}`, {
          limit: o.limit,
          count: o.count,
        })}
      </Text>
    );
  return (
    <>
      {note}
      {o.full ? null : children}
    </>
  );
}
