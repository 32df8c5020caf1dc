/**
 * Seed of the partner programmes (issue 10; ADR 0050): the TEKUN Nasional organisation (a programme
 * organisation, type government_linked) with its headquarters, its will pricing (basic RM 100), the
 * programme row `TEKUN`, a Partner user `tekun` (password Demo12345) and a demo ezQurban season.
 * Idempotent: nothing is added when the programme exists.
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../client.ts';
import {
  branches,
  organizations,
  preferences,
  pricings,
  programmes,
  qurban_seasons,
  user_accesses,
  users,
} from '../schema/index.ts';

/** The programme's will price (sen): RM 100 for a basic will (ADR 0050). */
export const TEKUN_WILL_PRICE_SEN = 10000;

/** Add TEKUN and the demo qurban season when missing. `password` for the demo Partner user. */
export async function seedProgrammes(db: Db, password: string) {
  const [existing] = await db.select().from(programmes).where(eq(programmes.code, 'TEKUN'));
  if (existing) return existing;
  const [org] = await db
    .insert(organizations)
    .values({
      type: 'government_linked',
      is_partner: true,
      name: 'Tabung Ekonomi Kumpulan Usaha Niaga (TEKUN Nasional)',
      short_name: 'TEKUN Nasional',
      code: 'TEKUN',
      partner_code: 'RN-TEKUN',
      email: 'tekun@wasiat.local',
      address: 'Jalan Tun Razak',
      postcode: '50400',
      city: 'Kuala Lumpur',
      state: 'W.P. Kuala Lumpur',
    })
    .returning();
  const [hq] = await db
    .insert(branches)
    .values({ organization_id: org.id, branch_name: 'Ibu Pejabat TEKUN', code: 'HQ', is_headquarter: true })
    .returning();
  await db.insert(preferences).values({ organization_id: org.id, allow_public: false });
  const [pricing] = await db
    .insert(pricings)
    .values({
      organization_id: org.id,
      product: 'Wasiat',
      plan: 'basic',
      price_sen: TEKUN_WILL_PRICE_SEN,
      description: 'Wasiat Asas Program TEKUN',
    })
    .returning();
  const [programme] = await db
    .insert(programmes)
    .values({ code: 'TEKUN', name: 'Program Wasiat TEKUN Nasional', organization_id: org.id, pricing_id: pricing.id })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      name: 'Hafiz bin Kamarudin',
      username: 'tekun',
      email: 'tekun.partner@wasiat.local',
      ic_number: '810303105121',
      mobile_number: '+60123456780',
      password_hash: await hashPassword(password),
      role: 'Partner',
      pdpa_accepted_at: new Date(),
    })
    .returning();
  await db
    .insert(user_accesses)
    .values({ user_id: user.id, organization_id: org.id, branch_id: hq.id, role: 'Partner', status: 1 });
  await db.insert(qurban_seasons).values({
    year: 2026,
    location: 'Kampong Cham',
    country: 'Kemboja',
    animal_type: 'cow',
    shares_per_animal: 7,
    price_per_share_sen: 65000,
    partner_name: 'Rakan Pelaksana Qurban Kemboja',
  });
  return programme;
}
