/**
 * The canonical JSON text of a document's content, hashed into the sealed documents and the signatures over a
 * version (wills, amendments, hibahs; ADRs 0142, 0150). Not the audit chain's `canonicalJson`
 * (platform/audit/chain.ts), which drops undefined members after a JSON round trip: each hashes data already
 * stored, so neither can change to the other's rule.
 */
/** JSON with object keys sorted at every level (dates as ISO strings): the same data, the same text. */
export function canonicalJson(value: unknown): string {
  const norm = (v: unknown): unknown => {
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map(norm);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
      );
    }
    return v === undefined ? null : v;
  };
  return JSON.stringify(norm(value));
}
