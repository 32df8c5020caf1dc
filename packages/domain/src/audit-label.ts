/** A Malay and English label of the audit catalogue (audit-catalogue.ts, audit-fields.ts; ADR 0159). */
export interface AuditLabel {
  ms: string;
  en: string;
}

/** A label from its Malay and English wording. */
export const l = (ms: string, en: string): AuditLabel => ({ ms, en });
