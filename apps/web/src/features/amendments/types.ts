/**
 * Shapes of the amendments API replies the screens read (docs/api/amendments.md): the amendment generated from the
 * API's reply schemas (`npm run api:types`; ADR 0301), its draft's rows still loose here. Money in integer sen;
 * dates ISO 8601 UTC; statuses as spec §4 (0–5, anything else invalid/cancelled).
 */
import type { GetReply } from '@/lib/api-types.ts';

export type Row = Record<string, any> & { id: string };

/** The draft of the will's content an amendment edits (ADR 0021). */
export interface Draft {
  user_detail: Record<string, any> | null;
  estate: Record<string, any>;
  heirs: Row[];
  receivers: Row[];
  moveables: (Row & { shares: { receiver_id: string; portion: string }[] })[];
  immoveables: (Row & { shares: { receiver_id: string; portion: string }[] })[];
  caretakers: Row[];
  bequests: Row[];
  witnesses: Row[];
}

/** `{ amendment }` of `GET /api/amendment/{id}`, generated from the API's reply schema (amendments/schemas.ts). */
type AmendmentReply = GetReply<'/api/amendment/{id}'>['amendment'];

/** A witness of an amendment (no OTP data), generated. */
export type AmendmentWitness = AmendmentReply['witnesses'][number];

/** An amendment with its draft (the draft typed as {@link Draft}: its rows are read field by field). */
export type Amendment = { [K in keyof AmendmentReply as K extends 'draft' ? never : K]: AmendmentReply[K] } & {
  draft?: Draft;
};

export interface Page<T> {
  data: T[];
  total: number;
  current_page: number;
  last_page: number;
}
