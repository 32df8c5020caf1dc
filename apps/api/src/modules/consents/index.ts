/**
 * The consents module's public surface (DESIGN.md §2; ADR 0217): the heirs' consent to a deceased's bequests to heirs
 * or beyond one third (issue 40 item 5; ADR 0275) — each adult heir decides each bequest through their release access
 * (ADR 0267), the estate sees the decisions, a sealed record lists them. The rule of which bequests need consent is
 * the domain's `bequestsNeedingConsent` (packages/domain/src/estate-consent.ts).
 */
