/**
 * Sealing PDFs with the platform's signature (issue 11 "Sealed documents"; DESIGN.md §8 "PDF sealing";
 * ADR 0070).
 *
 * Every PDF the platform issues (will, receipt, and — after merge — amendment, hibah, certificate) goes
 * out through {@link sealPdf}: an invisible PAdES-style signature (adbe.pkcs7.detached, via
 * @signpdf/signpdf + @signpdf/signer-p12, placeholder by @signpdf/placeholder-pdf-lib) over the whole
 * file, made with a PKCS#12 key. Any change to the bytes after sealing breaks the signature: `pdfsig`
 * (poppler) and Adobe Reader then report the document as modified.
 *
 * The key (docs/operations.md "Document seal"):
 * - `SEAL_P12_PATH` (+ `SEAL_P12_PASSPHRASE`): the operator's PKCS#12 file (production);
 * - unset: a development key — a self-signed certificate "Wasiat platform (development seal)" —
 *   generated on first start into `DATA_DIR/seal/dev-seal.p12` and reused on later starts;
 * - unset with `NODE_ENV=test`: an in-memory key made once per process (tests leave no files behind).
 *
 * With `SEAL_LICENSED_CA_PATH` (a PEM bundle of the CA certificates the operator declares licensed under the Digital
 * Signature Act 1997) the configured key is checked at start (seal-ca.ts `inspectSeal`): {@link sealKind} is then
 * `licensed_ca` when its certificate chains to one of them, else `platform` with the reason (ADR 0297). The
 * signature embeds every certificate of the PKCS#12 (@signpdf/signer-p12 adds each certificate bag to the CMS),
 * so a reader can verify the key's certificate up to the CA.
 *
 * Usage: the documents module calls {@link configureSeal} with the environment when its routes are
 * registered; any module may then call `sealPdf(bytes, { reason })`.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import type { Env } from '../config/env.ts';
import { inspectSealFiles, type SealKind } from './seal-ca.ts';

export type { SealKind } from './seal-ca.ts';

/** What the seal states about the signing (shown by PDF readers in the signature panel). */
export interface SealMeta {
  /** Why the document is sealed, e.g. "Wasiat berdaftar / Registered will". */
  reason: string;
  /** Where, e.g. the platform's URL; default "Malaysia". */
  location?: string;
  /** Signer's display name; default "Wasiat platform". */
  name?: string;
  /** Contact (e-mail or URL); default empty. */
  contactInfo?: string;
}

/** A loaded seal key: the PKCS#12 bytes and their passphrase. */
export interface SealKey {
  p12: Buffer;
  passphrase: string;
  /** Where it came from: "configured" (SEAL_P12_PATH), "development" (generated file), "ephemeral" (tests). */
  source: 'configured' | 'development' | 'ephemeral';
}

/** Bytes reserved for the CMS signature (hex-encoded in the file as twice this): enough for RSA-4096 + chain. */
const SIGNATURE_LENGTH = 16_384;

/** Common name of the generated development certificate. */
const DEV_SEAL_CN = 'Wasiat platform (development seal)';

/**
 * A self-signed certificate and RSA-2048 key as PKCS#12 (node-forge; the key pair is made by Node's
 * native crypto, which is ~100× faster than forge's pure-JS generator). Valid 10 years.
 */
export function generateDevelopmentP12(passphrase: string, commonName = DEV_SEAL_CN): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const pub = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Wasiat platform' },
    { name: 'countryName', value: 'MY' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

type SealEnv = Pick<Env, 'SEAL_P12_PATH' | 'SEAL_P12_PASSPHRASE' | 'DATA_DIR' | 'NODE_ENV'> &
  Partial<Pick<Env, 'SEAL_LICENSED_CA_PATH'>>;

let ephemeral: SealKey | null = null;

/**
 * Load the seal key for an environment (see the module comment). The development key's passphrase is
 * kept beside it (`dev-seal.pass`, mode 0600): it protects nothing the file system does not already.
 * @throws when `SEAL_P12_PATH` is set but unreadable.
 */
export function loadSealKey(env: SealEnv): SealKey {
  if (env.SEAL_P12_PATH) {
    return {
      p12: readFileSync(resolve(env.SEAL_P12_PATH)),
      passphrase: env.SEAL_P12_PASSPHRASE ?? '',
      source: 'configured',
    };
  }
  if (env.NODE_ENV === 'test') {
    ephemeral ??= { p12: generateDevelopmentP12('test'), passphrase: 'test', source: 'ephemeral' };
    return ephemeral;
  }
  const file = join(resolve(env.DATA_DIR), 'seal', 'dev-seal.p12');
  const passFile = `${file.slice(0, -4)}.pass`;
  if (!existsSync(file) || !existsSync(passFile)) {
    mkdirSync(dirname(file), { recursive: true });
    const passphrase = randomBytes(18).toString('base64url');
    writeFileSync(file, generateDevelopmentP12(passphrase), { mode: 0o600 });
    writeFileSync(passFile, passphrase, { mode: 0o600 });
  }
  return { p12: readFileSync(file), passphrase: readFileSync(passFile, 'utf8').trim(), source: 'development' };
}

let configured: SealKey | null = null;
let configuredKind: SealKind = { kind: 'platform', reason: null };

/**
 * Load and keep the key {@link sealPdf} uses, and what kind of seal it is (called once at start by the documents
 * module). Without `SEAL_LICENSED_CA_PATH` the kind is `platform` (reason null) and nothing more is read; with it,
 * the configured PKCS#12 is checked against the licensed CAs (seal-ca.ts; a development key is `platform`).
 * @returns the key and its kind; the caller warns when a licensed CA is configured and the kind is `platform`
 *   (production refuses to start before that: config/env.ts `productionProblems`).
 */
export function configureSeal(env: SealEnv): SealKey & { seal: SealKind } {
  configured = loadSealKey(env);
  configuredKind = inspectSealFiles(env);
  return { ...configured, seal: configuredKind };
}

/** The kind of the seal {@link sealPdf} signs with (after {@link configureSeal}; `platform` before it). */
export function sealKind(): SealKind {
  return configuredKind;
}

/**
 * Seal a PDF: add a signature placeholder (pdf-lib) and sign the whole file with the configured key.
 * @param pdf an unsealed PDF (e.g. pdfmake's output).
 * @param meta reason/location/name/contact shown in the signature panel.
 * @param key defaults to the key from {@link configureSeal}.
 * @returns the sealed PDF. Its bytes are final: store or hash them as they are.
 * @throws Error when no key is configured, or the PDF cannot be parsed.
 */
export async function sealPdf(pdf: Buffer, meta: SealMeta, key: SealKey | null = configured): Promise<Buffer> {
  if (!key) throw new Error('sealPdf: no seal key (configureSeal was not called)');
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: meta.reason,
    location: meta.location ?? 'Malaysia',
    name: meta.name ?? 'Wasiat platform',
    contactInfo: meta.contactInfo ?? '',
    signatureLength: SIGNATURE_LENGTH,
    appName: 'Wasiat platform',
  });
  // Object streams off: a classic xref table keeps the file readable by every PDF reader and pdfsig.
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(key.p12, { passphrase: key.passphrase });
  return new SignPdf().sign(prepared, signer);
}
