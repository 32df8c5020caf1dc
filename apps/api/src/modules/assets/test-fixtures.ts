/** Fixtures of the asset map tests (issue 40 item 6; ADR 0269): entry bodies of each kind. */

/** A bank account worth RM 15,000.00, estimated on 15 Jan 2026. */
export const bankBody = (over: Record<string, unknown> = {}) => ({
  kind: 'bank_account',
  description: 'Akaun simpanan',
  institution: 'Bank Muamalat',
  reference: '1234567890',
  value_sen: 1_500_000,
  value_estimated_on: '2026-01-15',
  ...over,
});

/** An EPF nomination of about RM 200,000.00 to the testator's wife. */
export const epfBody = (over: Record<string, unknown> = {}) => ({
  kind: 'epf_nomination',
  description: 'Akaun KWSP',
  institution: 'KWSP',
  value_sen: 20_000_000,
  value_estimated_on: '2026-01-15',
  nominee_name: 'Aminah binti Ahmad',
  nominee_relationship: 'Isteri',
  ...over,
});

/** A debt of RM 120,000.00 (a home financing balance). */
export const debtBody = (over: Record<string, unknown> = {}) => ({
  kind: 'debt',
  description: 'Baki pembiayaan rumah',
  institution: 'Bank Rakyat',
  value_sen: 12_000_000,
  value_estimated_on: '2026-01-15',
  ...over,
});
