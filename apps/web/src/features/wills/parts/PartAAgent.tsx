/**
 * Part A for an Agent or Staff (split from PartA.tsx so that a Client's Part A never downloads the search and
 * client-creation forms, their validation library and the grant request: issue 18 item 4, ADR 0211). The
 * caller enters a client's MyKad → GET /api/user?ic_number=…&return_first=true; when there is none, a small form
 * creates the client (POST /api/user) → POST /api/wasiat `{ user_id, agent_id: me }`. A client whom the caller's
 * organisation has no grant for is answered as no one (the same as an unregistered MyKad; issue 36 item 6, ADR
 * 0228): beside the creation form the agent may request access by the MyKad (features/grants RequestAccess;
 * ADR 0101) and, once granted, the lookup shows the full record. The lookup is the one of every instrument
 * ({@link ClientLookup}, components/instrument; ADR 0233).
 */
import { useTranslation } from 'react-i18next';
import { ClientLookup } from '@/components/instrument/ClientLookup.tsx';
import { RequestAccess } from '@/features/grants/index.ts';
import { session } from '@/lib/storage.ts';
import { useStartWill } from '../hooks/useStartWill.ts';

const TEST_IDS = { found: 'found-client' };

/** The agent's or staff member's Part A: find the client by MyKad, or create them, then start their will. */
export function AgentStart() {
  const { t } = useTranslation();
  const me = session.user();
  const start = useStartWill();
  return (
    <ClientLookup
      onChosen={(client) => start({ user_id: client.id, agent_id: me?.id })}
      chooseLabel={t('wills.a.register_for_client')}
      createLabel={t('wills.a.create_and_start')}
      renderNotFound={(ic, retry) => <RequestAccess key={ic} icNumber={ic} onGranted={retry} />}
      idPrefix="part-a"
      titleOrder={3}
      testIds={TEST_IDS}
    />
  );
}
