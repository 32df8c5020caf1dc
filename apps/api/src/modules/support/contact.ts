/**
 * The customer service contact and the provider's particulars (issue 17 item 15; ADR 0160), from the
 * validated configuration (env.ts: SUPPORT_PHONE, SUPPORT_EMAIL, SUPPORT_WHATSAPP, PROVIDER_NAME,
 * PROVIDER_REGISTRATION_NO, PROVIDER_ADDRESS). Unset values are `null` and left out wherever shown.
 */
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
