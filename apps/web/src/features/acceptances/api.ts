/** Shapes of the acceptances API (issue 41 item 3; ADR 0276; apps/api/src/modules/acceptances/). */
import type { AcceptanceRole, AcceptanceState } from '@wasiat/domain';

/** What a guardian's signed link shows (`GET /api/public/acceptance/{id}`). */
export interface PublicAcceptance {
  id: string;
  role: AcceptanceRole;
  state: AcceptanceState;
  person_name: string;
  testator_name: string;
  wasiat_no: string | null;
  wards: string | null;
  /** Masked, e.g. `f***@contoh.my`; null when none is recorded. */
  email: string | null;
  decided_at: string | null;
}

/** One request as the will's page shows it (`GET /api/wasiat/{id}/acceptances`). */
export interface WillAcceptance {
  id: string;
  role: AcceptanceRole;
  person_name: string;
  wards: string | null;
  state: AcceptanceState;
  has_email: boolean;
  asked_at: string;
  decided_at: string | null;
  reason: string | null;
}

/** The answer of `GET /api/wasiat/{id}/acceptances`. */
export interface WillAcceptances {
  acceptances: WillAcceptance[];
  needs_replacement: boolean;
  status: number;
}
