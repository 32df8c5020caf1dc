/**
 * The client of an agent's (or a staff registrar's) hibah/trust registration (reference §3.2 part A): the
 * shared lookup by MyKad of every instrument ({@link ClientLookup}, components/instrument; ADR 0233) with the
 * hibah's ids and test ids, and the grant request (features/grants RequestAccess, ADR 0101) when the MyKad
 * finds no one the caller may see (issue 36 item 6, ADR 0228). `onChosen(user)` starts the registration.
 */

import { useTranslation } from 'react-i18next';
import { ClientLookup, type LookedUpClient } from '@/components/instrument/ClientLookup.tsx';
import { RequestAccess } from '@/features/grants/index.ts';

/** A user as `GET /api/user` and `POST /api/user` answer it (the fields shown here). */
export type PickedClient = LookedUpClient;

const TEST_IDS = {
  ic: 'hibah-client-ic',
  search: 'hibah-client-search',
  found: 'hibah-client-found',
  choose: 'hibah-client-choose',
  create: 'hibah-client-create',
  createSubmit: 'hibah-client-create-submit',
};

/** Search by MyKad, then register (`action`, the button's label) for the found client or create a new one. */
export function ClientPicker({ onChosen, action }: { onChosen: (u: PickedClient) => Promise<void>; action: string }) {
  const { t } = useTranslation();
  return (
    <ClientLookup
      onChosen={onChosen}
      chooseLabel={action}
      createLabel={t('hibah.a.create_client')}
      renderNotFound={(ic, retry) => <RequestAccess key={ic} icNumber={ic} onGranted={retry} />}
      idPrefix="hibah-client"
      titleOrder={2}
      titleSize="h4"
      testIds={TEST_IDS}
    />
  );
}
