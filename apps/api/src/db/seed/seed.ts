/**
 * Seed data (issue 2 "Seed data"). Catalogues live in @wasiat/domain (code), so the database needs only
 * the platform's own organisation. On an empty embedded database (or with SEED_DEMO=1) the demo set is
 * added: a demo partner organisation with one branch, pricing for the basic and comprehensive will and its
 * hibah products (with will and hibah amendment fees), the promo code DEMO50 (RM 50 off) and one user per
 * role (password Demo12345).
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../client.ts';
import {
  branches,
  client_grants,
  organizations,
  preferences,
  pricings,
  promo_codes,
  user_accesses,
  users,
} from '../schema/index.ts';

export const DEMO_PASSWORD = 'Demo12345';
export const DEMO_USERS = [
  { username: 'admin', role: 'Admin', name: 'Pentadbir Sistem', ic: '800101145011', org: 'provider' },
  { username: 'staff', role: 'Staff', name: 'Nurul Aina binti Hassan', ic: '850315105522', org: 'provider' },
  { username: 'officer', role: 'Officer', name: 'Mohd Faizal bin Osman', ic: '820720085133', org: 'provider' },
  { username: 'accountant', role: 'Accountant', name: 'Siti Mariam binti Yusof', ic: '870912035244', org: 'provider' },
  { username: 'agent', role: 'Agent', name: 'Ahmad Zaki bin Ismail', ic: '900204105355', org: 'demo' },
  { username: 'partner', role: 'Partner', name: 'Rosli bin Abdullah', ic: '780606065467', org: 'demo' },
  { username: 'client', role: 'Client', name: 'Aminah binti Ahmad', ic: '920815145678', org: null },
] as const;

/** The provider's own organisation (the platform operator; the executor of spec §9). */
export async function seedBase(db: Db) {
  const [existing] = await db.select().from(organizations).where(eq(organizations.code, 'PROVIDER'));
  if (existing) return existing;
  const [org] = await db
    .insert(organizations)
    .values({ type: 'provider', name: 'Wasiat Platform Berhad', short_name: 'Penyedia', code: 'PROVIDER' })
    .returning();
  await db.insert(branches).values({ organization_id: org.id, branch_name: 'Ibu Pejabat', is_headquarter: true });
  await db.insert(preferences).values({ organization_id: org.id, allow_hibah: true, allow_corporate: true });
  await db.insert(pricings).values([
    { organization_id: org.id, product: 'Wasiat', plan: 'basic', price_sen: 30000, description: 'Wasiat Asas' },
    {
      organization_id: org.id,
      product: 'Wasiat',
      plan: 'comprehensive',
      price_sen: 60000,
      description: 'Wasiat Komprehensif',
    },
    { organization_id: org.id, product: 'Hibah', plan: 'cash', price_sen: 50000, description: 'Hibah Amanah Tunai' },
    {
      organization_id: org.id,
      product: 'Hibah',
      plan: 'property',
      price_sen: 80000,
      description: 'Hibah Amanah Hartanah',
    },
    { organization_id: org.id, product: 'Hibah', plan: 'business', price_sen: 80000, description: 'Amanah Perniagaan' },
    { organization_id: org.id, product: 'Hibah', plan: 'corporate', price_sen: 100000, description: 'Hibah Korporat' },
    { organization_id: org.id, product: 'Hibah', plan: 'estate', price_sen: 60000, description: 'Amanah Harta Pusaka' },
  ]);
  return org;
}

/** Whether the demo set exists already. */
export async function hasDemo(db: Db) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
  return rows.length > 0;
}

/** Add the demo organisation, pricing, promo code and users. Idempotent. */
export async function seedDemo(db: Db) {
  const provider = await seedBase(db);
  if (await hasDemo(db)) return;
  const [demo] = await db
    .insert(organizations)
    .values({
      type: 'private',
      is_partner: true,
      name: 'Syarikat Demo Amanah Sdn Bhd',
      short_name: 'Demo Amanah',
      code: 'DEMO',
      partner_code: 'RN-DEMO',
      registration_number: '201901000005',
      email: 'demo@wasiat.local',
      address: 'No. 1, Jalan Demo',
      postcode: '50450',
      city: 'Kuala Lumpur',
      state: 'W.P. Kuala Lumpur',
    })
    .returning();
  const [branch] = await db
    .insert(branches)
    .values({ organization_id: demo.id, branch_name: 'Cawangan Kuala Lumpur', code: 'KL', is_headquarter: true })
    .returning();
  await db.insert(preferences).values({ organization_id: demo.id });
  await db.insert(pricings).values([
    {
      organization_id: demo.id,
      product: 'Wasiat',
      plan: 'basic',
      price_sen: 35000,
      // Amendment fee of the demo partner (issue 4; ADR 0020): RM 50.
      amendment_price_sen: 5000,
      description: 'Wasiat Asas',
    },
    {
      organization_id: demo.id,
      product: 'Wasiat',
      plan: 'comprehensive',
      price_sen: 75000,
      description: 'Wasiat Komprehensif',
    },
    // Hibah prices of the demo partner (ADR 0031 plans), each with the amendment fee of its hibah
    // amendments (ADR 0036; RM 50 as the partner's will amendment, ADR 0020; ADR 0029). The partner's
    // preference does not allow hibah until the provider's staff turn it on.
    ...(
      [
        ['cash', 55000, 'Hibah Amanah Tunai'],
        ['property', 85000, 'Hibah Amanah Hartanah'],
        ['business', 85000, 'Amanah Perniagaan'],
        ['estate', 65000, 'Amanah Harta Pusaka'],
      ] as const
    ).map(([plan, price_sen, description]) => ({
      organization_id: demo.id,
      product: 'Hibah',
      plan,
      price_sen,
      amendment_price_sen: 5000,
      description,
    })),
  ]);
  await db
    .insert(promo_codes)
    // The README's demo code: for every organisation and every demo user (multi-use template, ADR 0124);
    // each use issues its own single-use code.
    .values({
      organization_id: null,
      code: 'DEMO50',
      discount_sen: 5000,
      remarks: 'Demo (multi-use)',
      multi_use: true,
    });
  const [providerHq] = await db.select().from(branches).where(eq(branches.organization_id, provider.id)).limit(1);
  const hash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, string> = {};
  for (const u of DEMO_USERS) {
    const [row] = await db
      .insert(users)
      .values({
        name: u.name,
        username: u.username,
        email: `${u.username}@wasiat.local`,
        ic_number: u.ic,
        mobile_number: '+60123456789',
        password_hash: hash,
        role: u.role,
        pdpa_accepted_at: new Date(),
      })
      .returning();
    ids[u.username] = row.id;
    if (u.org) {
      const org = u.org === 'provider' ? provider : demo;
      await db.insert(user_accesses).values({
        user_id: row.id,
        organization_id: org.id,
        branch_id: u.org === 'provider' ? providerHq.id : branch.id,
        role: u.role,
        status: 1,
      });
    }
  }
  // The demo client is the demo agent's own client: the demo organisation registered her, so it holds an
  // active grant naming the agent (ADR 0101; the partner acts under it too).
  await db.insert(client_grants).values({
    client_id: ids.client,
    organization_id: demo.id,
    agent_id: ids.agent,
    branch_id: branch.id,
    source: 'registered',
    status: 'active',
    created_by: ids.agent,
    approved_at: new Date(),
    approved_via: 'registered',
  });
}
