/**
 * Roles and the one permission table (spec §6; DESIGN.md §9.4). The server enforces it
 * (`apps/api/src/modules/auth/guard.ts` refuses a route whose action the role lacks) and the web client reads it
 * to show or hide menus and buttons. A role is the first entry of `user.roles` (spec §6).
 *
 * Two tables: the ACCOUNT roles below (a user's `roles[0]`, decided by the server guard), and the ESTATE roles
 * ({@link ESTATE_ROLES}, issue 40 item 9; ADR 0288) held by a person a deceased's registered instrument names,
 * through their release link, scoped to that release's estate — typed apart so that neither can stand for the other.
 */
import { RELEASE_ROLES, type ReleaseRole } from './deaths.ts';

export const ROLES = ['Client', 'Agent', 'Staff', 'Officer', 'Accountant', 'Partner', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

/** Every action a route may require, as `entity:verb[:scope]` strings. */
export const ACTIONS = [
  'will:create:own', // a client registers their own will
  'will:create:client', // an agent/staff registers a will on behalf of a client
  'will:read:own',
  'will:read:agent', // wills the agent registered
  'will:read:organisation', // wills of the user's organisation
  'will:read:any',
  'will:verify', // confirm (status 2) or cancel for update (status 3)
  'payment:confirm', // confirm cash/direct payments
  'user:lookup', // GET /api/user?ic_number=
  'user:create:client',
  'report:read',
  'organisation:read', // management views of an organisation (branches, staff, all prices); own org unless provider
  'organisation:manage', // create/edit organisations, pricing, preferences (the provider's staff: every organisation)
  'branch:manage', // create/edit branches of an organisation (a partner: their own)
  'staff:manage', // create/edit staff of an organisation (a partner: their own)
  'user:approve', // approve a pending user access ('Approve Access', spec §6)
  'promo:manage', // generate, list and export promo codes
  // list and export the promo codes of one's own organisation and see which were redeemed, by whom and when (a
  // partner; issue 38 item 11; ADR 0265). Generating them stays with the provider's staff (promo:manage).
  'promo:read',
  'client:read', // the client list /client (scoped: agent → own clients, partner → their organisation's)
  'client:edit', // edit a client's details /client/{id}/edit (scoped as client:read)
  'ekyc:attempt', // POST /face-verification for a will the caller may change (issue 3)
  'ekyc:review', // read another user's face verifications (staff who verify eKYC)
  'audit:read', // a record's audit history GET /api/audit (issue 11 "Staff see a record's history")
  'hibah:verify', // staff verification of hibah/trust registrations and witnesses (issue 5)
  'hibah:coupon:manage', // generate one-cent hibah redeem codes (issue 5)
  'amendment:verify', // officer steps of an amendment: pass, return, approve, cancel (issue 4; ADR 0020)
  'will:search', // /carian: check a will's status by MyKad or registration number (issue 4; scoped by willScope)
  'two-factor:reset', // clear a user's second factor so they enrol again (issue 11; ADR 0081)
  'data-request:handle', // list and handle clients' PDPA erasure requests (issue 11; ADR 0083)
  'programme:read', // TEKUN uploads, certificates, programme wills and report (a partner: their programme only)
  'programme:upload', // upload certificates (bulk or one at a time) for a programme
  'programme:verify', // verify or reject a programme certificate (provider staff)
  'qurban:read', // ezQurban transactions, fund transfers, ledger and report
  'qurban:manage', // create and close ezQurban seasons
  'qurban:transfer', // record a fund transfer to the executing partner (Accountant)
  'job:read', // the job runs that failed their last attempt (dead letters; issue 19, ADR 0110)
  // change another user's e-mail or mobile number (the channels that recover an account), with a recorded
  // reason; the holder changes their own after re-entering the password or a code (issue 16 item 3; ADR 0105)
  'user:channel:change',
  // put the testator's signature on a will (part f): the testator on their own will, or the agent who registered
  // it, capturing it in person on their device; never a Partner or provider staff (issue 16 item 7; ADR 0106)
  'will:sign:testator',
  'grant:request', // ask a client for access to act for them (issue 16; ADR 0101)
  'grant:audit', // list every client grant and withdraw one with a reason (provider staff; ADR 0101)
  // report a death (issue 40 item 1; ADR 0261): an heir, a named executor or a receiver after their own eKYC, or
  // staff; the reporter sees their own reports and nothing of the deceased's records
  'death:report',
  // the verified death reports of the organisation's clients (the organisation that registered them is told)
  'death:read:organisation',
  // verify or refuse a death report (two different staff members when the deceased has a registered instrument)
  'death:verify',
  // keep the list of institutions a bequest may go to: add, edit, deactivate (issue 41 item 7; ADR 0268); every
  // signed-in user reads the active ones
  'institution:manage',
  // the asset and nominee map (issue 40 item 6; ADR 0269): a testator records their own; an agent, partner or staff
  // records a client's (scoped as that client's will: an active grant, or the provider's staff); read-only for the
  // roles that may see a client's will
  'asset:manage:own',
  'asset:manage:client',
  'asset:read:client',
  // the institutions an organisation notifies of a death (issue 40 item 8; ADR 0273): a partner their own
  // organisation's list, the provider's staff any organisation's
  'notice_recipient:manage',
  // the people a will names accept their role (issue 41 item 3; ADR 0276): a partner accepts or declines the
  // executorship of a will their organisation registered (the corporate executor); a partner (their organisation's
  // wills) or the provider's staff send a guardian's link again
  'acceptance:decide:executor',
  'acceptance:resend',
] as const;
export type Action = (typeof ACTIONS)[number];

/** role → actions. The only place where a role's rights are written. */
export const PERMISSIONS: Record<Role, readonly Action[]> = {
  Client: [
    'will:create:own',
    'will:read:own',
    'ekyc:attempt',
    'will:sign:testator',
    'death:report',
    'asset:manage:own',
  ],
  Agent: [
    'will:create:client',
    'will:read:agent',
    'user:lookup',
    'user:create:client',
    'client:read',
    'ekyc:attempt',
    'will:sign:testator',
    'grant:request',
    'death:report',
    'asset:manage:client',
    'asset:read:client',
  ],
  Partner: [
    'will:create:client',
    'will:read:organisation',
    'user:lookup',
    'user:create:client',
    'report:read',
    'organisation:read',
    'branch:manage',
    'staff:manage',
    'client:read',
    'client:edit',
    'ekyc:attempt',
    'will:search',
    'programme:read',
    'programme:upload',
    'grant:request',
    'promo:read',
    'death:report',
    'death:read:organisation',
    'asset:manage:client',
    'asset:read:client',
    'notice_recipient:manage',
    'acceptance:decide:executor',
    'acceptance:resend',
  ],
  Staff: [
    'will:create:client',
    'will:read:any',
    'will:verify',
    'payment:confirm',
    'user:lookup',
    'user:create:client',
    'report:read',
    'organisation:read',
    'organisation:manage',
    'branch:manage',
    'staff:manage',
    'user:approve',
    'promo:manage',
    'client:read',
    'client:edit',
    'ekyc:attempt',
    'ekyc:review',
    'audit:read',
    'hibah:verify',
    'hibah:coupon:manage',
    'amendment:verify',
    'will:search',
    'data-request:handle',
    'programme:read',
    'programme:upload',
    'programme:verify',
    'qurban:read',
    'qurban:manage',
    'job:read',
    'user:channel:change',
    'grant:audit',
    'death:report',
    'death:verify',
    'institution:manage',
    'asset:manage:client',
    'asset:read:client',
    'notice_recipient:manage',
    'acceptance:resend',
  ],
  Officer: [
    'will:read:any',
    'will:verify',
    'user:lookup',
    'report:read',
    'organisation:read',
    'client:read',
    'ekyc:review',
    'audit:read',
    'hibah:verify',
    'amendment:verify',
    'will:search',
    'programme:read',
    'programme:verify',
    'qurban:read',
    'grant:audit',
    'death:report',
    'death:verify',
    'institution:manage',
    'asset:read:client',
  ],
  Accountant: [
    'will:read:any',
    'payment:confirm',
    'report:read',
    'organisation:read',
    'programme:read',
    'qurban:read',
    'qurban:transfer',
    'asset:read:client',
  ],
  Admin: [
    'will:create:client',
    'will:read:any',
    'will:verify',
    'payment:confirm',
    'user:lookup',
    'user:create:client',
    'report:read',
    'organisation:read',
    'organisation:manage',
    'branch:manage',
    'staff:manage',
    'user:approve',
    'promo:manage',
    'client:read',
    'client:edit',
    'ekyc:attempt',
    'ekyc:review',
    'audit:read',
    'hibah:verify',
    'hibah:coupon:manage',
    'amendment:verify',
    'will:search',
    'two-factor:reset',
    'data-request:handle',
    'programme:read',
    'programme:upload',
    'programme:verify',
    'qurban:read',
    'qurban:manage',
    'qurban:transfer',
    'job:read',
    'user:channel:change',
    'grant:audit',
    'death:report',
    'death:verify',
    'institution:manage',
    'asset:manage:client',
    'asset:read:client',
    'notice_recipient:manage',
    'acceptance:resend',
  ],
};

/** Whether `role` may perform `action`. Unknown roles may do nothing (fail closed). */
export function can(role: string | undefined | null, action: Action): boolean {
  if (!role || !(role in PERMISSIONS)) return false;
  return PERMISSIONS[role as Role].includes(action);
}

/** The role of a user object as the API returns it: `roles[0].name` (spec §6). */
export function roleOf(user: { roles?: { name: string }[] } | null | undefined): Role | undefined {
  const name = user?.roles?.[0]?.name;
  return name && (ROLES as readonly string[]).includes(name) ? (name as Role) : undefined;
}

/** Roles that skip the forced signature step on /dashboard (spec §2, §6). */
export const SIGNATURE_EXEMPT: readonly Role[] = ['Client'];

/**
 * Roles that log in with a second factor (issue 11 "Staff, officer and admin roles use a second factor at
 * login"; ADR 0081): TOTP after the password, with one-time recovery codes.
 */
export const SECOND_FACTOR_ROLES: readonly Role[] = ['Staff', 'Officer', 'Admin'];

/**
 * The roles a person holds in ONE deceased's estate through their release (issue 40 item 9; ADR 0288): never an
 * account's role — they are not in {@link ROLES}, {@link can} and {@link roleOf} refuse them, and their actions are
 * not {@link Action}s, so no route's `config.access` and no user can carry them. An estate role exists only with the
 * release (deaths `death_releases` row: the instrument and the deceased) it is read from, and allows its actions on
 * that release alone.
 * - `EstateExecutor`: the will's executor (wasi) — the registering organisation (ADR 0259, 0267);
 * - `EstateHeir`: an heir the will names (or an heir added on the estate file, ADR 0282) — the one who consents;
 * - `EstateNamed`: anyone else an instrument names (a will's beneficiary or guardian, a hibah's receiver or
 *   caretaker) — they read the documents that name them and decide nothing of the estate.
 */
export const ESTATE_ROLES = ['EstateExecutor', 'EstateHeir', 'EstateNamed'] as const;
export type EstateRole = (typeof ESTATE_ROLES)[number];

/** Every action of a person in an estate through their release link, named after the public routes that do it. */
export const ESTATE_ACTIONS = [
  // open the signed link, ask the code and prove the identity (GET /api/public/release/{id}, POST …/code, …/identity)
  'estate:release:open',
  // list and download the documents of the instrument that name them and its verification QR (GET …/documents,
  // …/document): the sealed will and its latest version, or the hibah certificate
  'estate:documents:read',
  // also the receipts of the will's and its amendments' settled payments (the executor's; ADR 0267)
  'estate:receipts:read',
  // see the bequests needing the heirs' consent and consent or refuse each (GET/POST …/consents; ADR 0275)
  'estate:consent:decide',
  // download the sealed consent record (GET …/consent-record; ADR 0275)
  'estate:consent-record:read',
] as const;
export type EstateAction = (typeof ESTATE_ACTIONS)[number];

/** estate role → actions. The only place where an estate role's rights are written. */
export const ESTATE_PERMISSIONS: Record<EstateRole, readonly EstateAction[]> = {
  EstateExecutor: ['estate:release:open', 'estate:documents:read', 'estate:receipts:read'],
  EstateHeir: ['estate:release:open', 'estate:documents:read', 'estate:consent:decide', 'estate:consent-record:read'],
  EstateNamed: ['estate:release:open', 'estate:documents:read'],
};

/**
 * The estate role of each role a release records (domain `RELEASE_ROLES`; ADR 0267) — the ONE mapping (ADR 0288).
 * Only an heir consents (Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(2) as ADR 0275 reads it: the heirs'
 * consent), so a beneficiary or guardian of a will and a hibah's receiver or caretaker are `EstateNamed`.
 */
export const RELEASE_ESTATE_ROLE: Record<ReleaseRole, EstateRole> = {
  executor: 'EstateExecutor',
  heir: 'EstateHeir',
  beneficiary: 'EstateNamed',
  guardian: 'EstateNamed',
  receiver: 'EstateNamed',
  caretaker: 'EstateNamed',
};

/**
 * The estate roles of a release: one per role it records (a person named as heir and beneficiary holds both roles'
 * rights), in {@link ESTATE_ROLES} order, unknown release roles ignored (fail closed).
 */
export function estateRolesOf(release: { roles: readonly string[] }): EstateRole[] {
  const held = new Set(
    release.roles
      .filter((r): r is ReleaseRole => (RELEASE_ROLES as readonly string[]).includes(r))
      .map((r) => RELEASE_ESTATE_ROLE[r]),
  );
  return ESTATE_ROLES.filter((r) => held.has(r));
}

/**
 * Whether the person of `release` may do `action` in the estate the release is scoped to (its instrument and
 * deceased; ADR 0288). The scope is the release itself: the caller checks the release is the one the signed link
 * names (deaths `liveRelease`), and anything of another estate it asks for is not found. Fails closed.
 */
export function canInEstate(release: { roles: readonly string[] }, action: EstateAction): boolean {
  return estateRolesOf(release).some((r) => ESTATE_PERMISSIONS[r].includes(action));
}
