/**
 * Which seal the platform signs with: a key certified by a licensed certification authority, or the platform's own
 * (issue 41 item 1; ADR 0297, after ADR 0266 "Not done" and ADR 0070).
 *
 * The operator names the certification authorities it holds to be licensed under the Digital Signature Act 1997
 * (Act 562) — whose certificates s. 62(1)(a) refers to — in a PEM bundle (`SEAL_LICENSED_CA_PATH`). The seal's
 * PKCS#12 (`SEAL_P12_PATH`) is then {@link inspectSeal inspected}: its key's certificate must chain, through
 * intermediate CA certificates carried in the same PKCS#12, to one of those CA certificates (each signature checked
 * with Node's `crypto.X509Certificate`), every certificate of the chain must be within its validity, every issuer a
 * CA (basicConstraints cA), and the key's certificate must carry the key usage digitalSignature or nonRepudiation.
 * Otherwise the seal is the platform's own (`platform`), with the reason.
 *
 * The platform does not decide who is licensed: it trusts the bundle the operator gives. RSA keys only: the signer
 * (@signpdf/signer-p12, node-forge) reads nothing else. PKCS#11 (a key in a token or HSM) is not supported.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import forge from 'node-forge';

/** The seal is certified by one of the declared licensed CAs. Dates are ISO 8601 UTC. */
interface LicensedCaSeal {
  kind: 'licensed_ca';
  /** Subject of the declared licensed CA certificate the chain ends at, e.g. "C=MY, O=…, CN=…". */
  ca_subject: string;
  /** The key's certificate. */
  leaf: { subject: string; serial: string; valid_from: string; valid_to: string };
  /** Certificates from the key's to the licensed CA's, both included (2 = issued directly by it). */
  chain_length: number;
}

/** The platform's own seal (ADR 0070): a self-signed or otherwise uncertified key. */
interface PlatformSeal {
  kind: 'platform';
  /** Why it is not a licensed-CA seal; null when no licensed CA is configured (nothing was checked). */
  reason: string | null;
}

/** What {@link inspectSeal} finds. */
export type SealKind = LicensedCaSeal | PlatformSeal;

/** Longest chain followed (key's certificate, intermediates, licensed CA). */
const MAX_CHAIN = 8;

/** "C=MY, O=…, CN=…" from Node's one-attribute-a-line subject. */
const subjectOf = (c: X509Certificate) => c.subject.split('\n').join(', ');

/** Each certificate of a PEM bundle (text with one or more `-----BEGIN CERTIFICATE-----` blocks). */
function parsePemBundle(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((b) => new X509Certificate(b));
}

/**
 * The key's certificate and the other certificates of a PKCS#12 (node-forge).
 * @throws Error when the file cannot be read with the passphrase, holds no private key, or no certificate of
 *   that key.
 */
function readP12(p12: Buffer, passphrase: string) {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  const certs = (parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const keyBags = [
    ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const key = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('the PKCS#12 holds no private key');
  const leaf = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(key.n) === 0 && pub.e?.compareTo(key.e) === 0;
  });
  if (!leaf) throw new Error('the PKCS#12 holds no certificate of its private key');
  return { leaf, others: certs.filter((c) => c !== leaf) };
}

/** The validity problem of a certificate at `now`, or null. */
function validityProblem(c: X509Certificate, what: string, now: Date): string | null {
  if (now < new Date(c.validFrom)) return `${what} (${subjectOf(c)}) is not valid before ${c.validFrom}`;
  if (now > new Date(c.validTo)) return `${what} (${subjectOf(c)}) expired on ${c.validTo}`;
  return null;
}

/**
 * Whether a seal key is certified by a declared licensed CA (see the module comment).
 * @param p12 the PKCS#12 bytes (`SEAL_P12_PATH`); @param passphrase its passphrase.
 * @param licensedCaPem the PEM bundle of the licensed CA certificates (`SEAL_LICENSED_CA_PATH`), or null: then the
 *   seal is `platform` with reason null and the PKCS#12 is not read.
 * @param now when validity is judged (default: now).
 * @returns `licensed_ca` with the CA's subject and the key certificate's subject, serial (hex) and validity, or
 *   `platform` with the first reason it is not (unreadable file, no chain, a signature that does not verify, a
 *   certificate out of its validity, an issuer that is not a CA, the key usage).
 */
export function inspectSeal(p12: Buffer, passphrase: string, licensedCaPem: string | null, now = new Date()): SealKind {
  if (licensedCaPem === null) return { kind: 'platform', reason: null };
  let anchors: X509Certificate[];
  let leaf: X509Certificate;
  let others: X509Certificate[];
  let leafForge: forge.pki.Certificate;
  try {
    anchors = parsePemBundle(licensedCaPem);
    const read = readP12(p12, passphrase);
    leafForge = read.leaf;
    leaf = new X509Certificate(forge.pki.certificateToPem(read.leaf));
    others = read.others.map((c) => new X509Certificate(forge.pki.certificateToPem(c)));
  } catch (e) {
    return { kind: 'platform', reason: `the seal or the licensed CA bundle cannot be read: ${(e as Error).message}` };
  }
  if (anchors.length === 0) return { kind: 'platform', reason: 'the licensed CA bundle holds no certificate' };
  if (anchors.some((a) => a.fingerprint256 === leaf.fingerprint256)) {
    return { kind: 'platform', reason: "the seal's own certificate is listed as a licensed CA" };
  }
  const usage = leafForge.getExtension('keyUsage') as { digitalSignature?: boolean; nonRepudiation?: boolean } | null;
  if (!usage?.digitalSignature && !usage?.nonRepudiation) {
    return {
      kind: 'platform',
      reason: "the seal's certificate has no key usage digitalSignature or nonRepudiation",
    };
  }
  const issuedBy = (child: X509Certificate, parent: X509Certificate) =>
    child.checkIssued(parent) && child.verify(parent.publicKey);
  const chain = [leaf];
  for (let current = leaf; chain.length < MAX_CHAIN; ) {
    const problem = validityProblem(current, chain.length === 1 ? "the seal's certificate" : 'an intermediate CA', now);
    if (problem) return { kind: 'platform', reason: problem };
    const anchor = anchors.find((a) => issuedBy(current, a));
    if (anchor) {
      if (!anchor.ca)
        return { kind: 'platform', reason: `the licensed CA (${subjectOf(anchor)}) is not a CA certificate` };
      const late = validityProblem(anchor, 'the licensed CA', now);
      if (late) return { kind: 'platform', reason: late };
      return {
        kind: 'licensed_ca',
        ca_subject: subjectOf(anchor),
        leaf: {
          subject: subjectOf(leaf),
          serial: leaf.serialNumber,
          valid_from: new Date(leaf.validFrom).toISOString(),
          valid_to: new Date(leaf.validTo).toISOString(),
        },
        chain_length: chain.length + 1,
      };
    }
    const next = others.find((o) => !chain.includes(o) && o.ca && issuedBy(current, o));
    if (!next) {
      return {
        kind: 'platform',
        reason: `the seal's certificate does not chain to a licensed CA (no issuer of ${subjectOf(current)} among the licensed CAs or the CA certificates of the PKCS#12)`,
      };
    }
    chain.push(next);
    current = next;
  }
  return { kind: 'platform', reason: `the chain is longer than ${MAX_CHAIN} certificates` };
}

/** The seal variables {@link sealProblem} reads (a subset of platform/config/env.ts `Env`). */
export interface SealFiles {
  SEAL_P12_PATH?: string;
  SEAL_P12_PASSPHRASE?: string;
  SEAL_LICENSED_CA_PATH?: string;
}

/**
 * Inspect the configured seal files: {@link inspectSeal} of `SEAL_P12_PATH` against `SEAL_LICENSED_CA_PATH`.
 * `platform` with reason null when `SEAL_LICENSED_CA_PATH` is unset; `platform` with the reason when a file cannot
 * be read.
 */
export function inspectSealFiles(env: SealFiles, now = new Date()): SealKind {
  if (!env.SEAL_LICENSED_CA_PATH) return { kind: 'platform', reason: null };
  if (!env.SEAL_P12_PATH) return { kind: 'platform', reason: 'SEAL_P12_PATH is not set' };
  let p12: Buffer;
  let pem: string;
  try {
    p12 = readFileSync(resolve(env.SEAL_P12_PATH));
    pem = readFileSync(resolve(env.SEAL_LICENSED_CA_PATH), 'utf8');
  } catch (e) {
    return { kind: 'platform', reason: `cannot read the seal files: ${(e as Error).message}` };
  }
  return inspectSeal(p12, env.SEAL_P12_PASSPHRASE ?? '', pem, now);
}

/**
 * The production problem of a licensed-CA seal (platform/config/env.ts `productionProblems`): a sentence when
 * `SEAL_LICENSED_CA_PATH` and `SEAL_P12_PATH` are both set and the seal does not verify against the licensed CAs,
 * else null.
 */
export function licensedSealProblem(env: SealFiles): string | null {
  if (!env.SEAL_LICENSED_CA_PATH || !env.SEAL_P12_PATH) return null;
  const seal = inspectSealFiles(env);
  return seal.kind === 'licensed_ca'
    ? null
    : `SEAL_LICENSED_CA_PATH is set but the seal (SEAL_P12_PATH) is not certified by a licensed CA in it: ${seal.reason}.`;
}
