/**
 * The journeys scripts/capture-2021.mjs drives in the built 2021 client (issue 39 item 2). A journey is
 * `{ title, file, steps: [{ name, run(ctx), optional? }] }`; `run` acts on `ctx.page` the way a user does (clicks,
 * typing, choosing) and waits for what the next screen shows, throwing when it does not come (the capture then
 * records where the journey stopped). The demo users and their password come from apps/api/src/db/seed/seed.ts.
 * Selectors follow the client's markup at commit 3ff95d9 (ids, labels, button texts in Malay, its default locale).
 */
import { helpers } from './helpers.mjs';
import { hibahSteps } from './hibah.mjs';

const h = helpers;

export const JOURNEYS = {
  a: {
    title: 'A client registers their own will: part A to submission and payment',
    file: 'client-own-will',
    steps: h.willSteps({ user: 'client', own: true }),
    assists: [
      {
        note: 'issue 39 item 4: POST wasiat {agent_id: null} is refused (422); sent without agent_id',
        method: 'POST',
        path: /^wasiat$/,
        when: (b) => b.agent_id === null,
        change: ({ agent_id, ...rest }) => rest,
      },
    ],
  },
  b: {
    title: 'An agent registers a will for a client: part A to submission and payment',
    file: 'agent-will-for-client',
    steps: h.willSteps({ user: 'agent', own: false }),
  },
  c: {
    title: 'A client takes a hibah product (Hibah Amanah Tunai) through the trust wizard to its end',
    file: 'client-hibah',
    steps: hibahSteps({ product: 'Hibah Amanah Tunai' }),
  },
};
