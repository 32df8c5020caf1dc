/**
 * The customer service contact and the provider's particulars (issue 17 item 15; ADR 0160), from the
 * validated configuration (env.ts: SUPPORT_PHONE, SUPPORT_EMAIL, SUPPORT_WHATSAPP, PROVIDER_NAME,
 * PROVIDER_REGISTRATION_NO, PROVIDER_ADDRESS). Unset values are `null` and left out wherever shown.
 * Receipts complete the provider's particulars from the provider organisation's record ({@link receiptContact}).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';
import type { Env } from '../../platform/config/env.ts';

/** What `GET /api/support-contact` answers and receipts print. */
export interface SupportContact {
  phone: string | null;
  email: string | null;
  /** The WhatsApp number as configured, and its click-to-chat link (https://wa.me/<digits>). */
  whatsapp: string | null;
  whatsapp_url: string | null;
  provider: { name: string | null; registration_no: string | null; address: string | null };
}

/** The contact of `env` (pure). */
export function supportContact(env: Env): SupportContact {
  const wa = env.SUPPORT_WHATSAPP || null;
  return {
    phone: env.SUPPORT_PHONE || null,
    email: env.SUPPORT_EMAIL || null,
    whatsapp: wa,
    whatsapp_url: wa ? `https://wa.me/${wa.replace(/\D/g, '')}` : null,
    provider: {
      name: env.PROVIDER_NAME || null,
      registration_no: env.PROVIDER_REGISTRATION_NO || null,
      address: env.PROVIDER_ADDRESS || null,
    },
  };
}

/** "address, postcode city, state" of an organisation row (empty parts left out), or null when none. */
function addressOf(o: { address: string | null; postcode: string | null; city: string | null; state: string | null }) {
  const line = [o.address, [o.postcode, o.city].filter(Boolean).join(' '), o.state]
    .map((x) => x?.trim())
    .filter(Boolean)
    .join(', ');
  return line || null;
}

/**
 * The contact a receipt prints (issue 37 item 5; ADR 0252): {@link supportContact} with the provider's
 * name, registration number and address completed from the provider organisation's own record (the
 * `organizations` row with code `PROVIDER`: `name`, `registration_number`, `address`/`postcode`/`city`/
 * `state`) wherever the configuration leaves one unset. A configured value wins, so a deployment that sets
 * `PROVIDER_*` prints what it printed before. No provider row: the configuration alone.
 */
export async function receiptContact(db: Db, env: Env): Promise<SupportContact> {
  const c = supportContact(env);
  const [org] = await db
    .select({
      name: organizations.name,
      registration_number: organizations.registration_number,
      address: organizations.address,
      postcode: organizations.postcode,
      city: organizations.city,
      state: organizations.state,
    })
    .from(organizations)
    .where(eq(organizations.code, 'PROVIDER'));
  if (!org) return c;
  return {
    ...c,
    provider: {
      name: c.provider.name ?? (org.name || null),
      registration_no: c.provider.registration_no ?? (org.registration_number || null),
      address: c.provider.address ?? addressOf(org),
    },
  };
}
