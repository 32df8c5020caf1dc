/**
 * The seal under a licensed CA's certificate (issue 41 item 1; ADR 0297): a test root CA, an intermediate and a key
 * certificate made with node-forge, packed into a PKCS#12; the seal is `licensed_ca` only when the key chains to the
 * declared CA, and the sealed PDF verifies outside our code — `openssl cms -verify` over the /ByteRange bytes with
 * only the root CA as trust anchor (so the intermediate must be in the signature) — and fails after one changed byte.
 * The will PDF sealed so says it in one sentence; production refuses a licensed-CA path that does not verify.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../../test/harness.ts';
import { insertWill } from '../../modules/documents/fixtures.ts';
import { signatureLawSection } from '../../modules/documents/pdf/will-execution.ts';
import { assertSafeForProduction, loadEnv, productionProblems } from '../config/env.ts';
import { loggerOptions } from '../http/logging.ts';
import { renderPdf } from './pdf/fonts.ts';
import { configureSeal, type SealKey, sealKind, sealPdf } from './seal.ts';
import { inspectSeal, inspectSealFiles } from './seal-ca.ts';

interface Issued {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

const DAY = 24 * 3600 * 1000;

/** A certificate for a fresh RSA-2048 key (Node makes the pair), signed by `issuer` or self-signed. */
function issue(
  cn: string,
  opts: { issuer?: Issued; ca: boolean; usage?: boolean; notBefore?: Date; notAfter?: Date },
): Issued {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `5${randomBytes(8).toString('hex').slice(1)}`;
  cert.validity.notBefore = opts.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = opts.notAfter ?? new Date(Date.now() + 365 * DAY);
  cert.setSubject([
    { name: 'commonName', value: cn },
    { name: 'organizationName', value: 'Ujian Sdn Bhd' },
    { name: 'countryName', value: 'MY' },
  ]);
  cert.setIssuer(opts.issuer ? opts.issuer.cert.subject.attributes : cert.subject.attributes);
  const extensions: object[] = [{ name: 'basicConstraints', cA: opts.ca, critical: true }];
  if (opts.ca) extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  else if (opts.usage !== false) extensions.push({ name: 'keyUsage', digitalSignature: true, nonRepudiation: true });
  cert.setExtensions(extensions);
  cert.sign(opts.issuer?.key ?? key, forge.md.sha256.create());
  return { cert, key };
}

/** PKCS#12 of a key and its certificates (3DES, as OpenSSL and Windows read it). */
const p12Of = (key: forge.pki.rsa.PrivateKey, certs: forge.pki.Certificate[], pass: string) =>
  Buffer.from(
    forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key, certs, pass, { algorithm: '3des' })).getBytes(),
    'binary',
  );

const pem = (...certs: forge.pki.Certificate[]) => certs.map((c) => forge.pki.certificateToPem(c)).join('');

/** Length of a DER value from its header (the /Contents hex is padded with zeros after it). */
function derLength(der: Buffer): number {
  if (der[0] !== 0x30) throw new Error('not a DER SEQUENCE');
  if (der[1] < 0x80) return 2 + der[1];
  const n = der[1] & 0x7f;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + der[2 + i];
  return 2 + n + len;
}

/** The bytes the signature covers (/ByteRange) and the CMS in /Contents. */
function signatureParts(pdf: Buffer): { signed: Buffer; cms: Buffer } {
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.toString('latin1'));
  if (!m) throw new Error('no /ByteRange');
  const [a, b, c, d] = m.slice(1).map(Number);
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const hex = pdf
    .subarray(a + b, c)
    .toString('latin1')
    .replace(/[<>\s]/g, '');
  const der = Buffer.from(hex, 'hex');
  return { signed, cms: der.subarray(0, derLength(der)) };
}

let dir: string;
/** `openssl cms -verify` of a sealed PDF against a CA file: exit status and stderr. */
function opensslVerify(pdf: Buffer, caFile: string, tamper = false) {
  const { signed, cms } = signatureParts(pdf);
  if (tamper) signed[Math.floor(signed.length / 2)] ^= 0x01;
  const content = join(dir, `content-${randomBytes(4).toString('hex')}.bin`);
  const sig = join(dir, `sig-${randomBytes(4).toString('hex')}.der`);
  writeFileSync(content, signed);
  writeFileSync(sig, cms);
  const r = spawnSync(
    '/usr/bin/openssl',
    [
      'cms',
      '-verify',
      '-inform',
      'DER',
      '-in',
      sig,
      '-binary',
      '-content',
      content,
      '-CAfile',
      caFile,
      '-purpose',
      'any',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { status: r.status, stderr: r.stderr, sig };
}

const PASS = 'seal-pass';
let root: Issued;
let intermediate: Issued;
let leaf: Issued;
let caFile: string;
let goodP12: string;
let otherP12: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'seal-licensed-'));
  root = issue('Test Licensed Root CA', { ca: true, notAfter: new Date(Date.now() + 3650 * DAY) });
  intermediate = issue('Test Licensed Issuing CA', { ca: true, issuer: root });
  leaf = issue('Wasiat Provider Seal', { ca: false, issuer: intermediate });
  caFile = join(dir, 'licensed-ca.pem');
  writeFileSync(caFile, pem(root.cert));
  goodP12 = join(dir, 'seal.p12');
  writeFileSync(goodP12, p12Of(leaf.key, [leaf.cert, intermediate.cert, root.cert], PASS));
  // A key certified by another CA, not declared licensed.
  const otherRoot = issue('Some Other Root CA', { ca: true });
  const otherLeaf = issue('Wasiat Provider Seal', { ca: false, issuer: otherRoot });
  otherP12 = join(dir, 'other.p12');
  writeFileSync(otherP12, p12Of(otherLeaf.key, [otherLeaf.cert, otherRoot.cert], PASS));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the seal kind (seal-ca.ts inspectSeal)', () => {
  it('is licensed_ca for a key chained through an intermediate to the declared CA', () => {
    const seal = inspectSealFiles({ SEAL_P12_PATH: goodP12, SEAL_P12_PASSPHRASE: PASS, SEAL_LICENSED_CA_PATH: caFile });
    expect(seal).toMatchObject({
      kind: 'licensed_ca',
      ca_subject: 'CN=Test Licensed Root CA, O=Ujian Sdn Bhd, C=MY',
      leaf: { subject: 'CN=Wasiat Provider Seal, O=Ujian Sdn Bhd, C=MY' },
      chain_length: 3,
    });
    if (seal.kind !== 'licensed_ca') throw new Error('unreachable');
    expect(seal.leaf.serial.toLowerCase()).toBe(leaf.cert.serialNumber.toLowerCase());
    expect(new Date(seal.leaf.valid_to).getTime()).toBe(
      Math.floor(leaf.cert.validity.notAfter.getTime() / 1000) * 1000,
    );
  });

  it('is platform, with the reason, for a key of another CA, an expired key, no key usage, a wrong passphrase', () => {
    const ca = pem(root.cert);
    const other = inspectSealFiles({
      SEAL_P12_PATH: otherP12,
      SEAL_P12_PASSPHRASE: PASS,
      SEAL_LICENSED_CA_PATH: caFile,
    });
    expect(other.kind).toBe('platform');
    expect(other.kind === 'platform' && other.reason).toMatch(/does not chain to a licensed CA/);

    const expired = issue('Expired Seal', {
      ca: false,
      issuer: root,
      notBefore: new Date(Date.now() - 30 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    const r1 = inspectSeal(p12Of(expired.key, [expired.cert], PASS), PASS, ca);
    expect(r1.kind === 'platform' && r1.reason).toMatch(/^the seal's certificate .*expired on/);

    const noUsage = issue('No Usage Seal', { ca: false, issuer: root, usage: false });
    const r2 = inspectSeal(p12Of(noUsage.key, [noUsage.cert], PASS), PASS, ca);
    expect(r2.kind === 'platform' && r2.reason).toMatch(/no key usage digitalSignature or nonRepudiation/);

    const direct = issue('Direct Seal', { ca: false, issuer: root });
    expect(inspectSeal(p12Of(direct.key, [direct.cert], PASS), PASS, ca)).toMatchObject({
      kind: 'licensed_ca',
      chain_length: 2,
    });
    const r3 = inspectSeal(p12Of(direct.key, [direct.cert], PASS), 'wrong', ca);
    expect(r3.kind === 'platform' && r3.reason).toMatch(/cannot be read/);

    // Without a licensed CA nothing is checked: the platform's own seal, no reason.
    expect(inspectSealFiles({ SEAL_P12_PATH: otherP12, SEAL_P12_PASSPHRASE: PASS })).toEqual({
      kind: 'platform',
      reason: null,
    });
  });
});

describe('a PDF sealed under the licensed CA, verified by OpenSSL', () => {
  it('embeds the chain and verifies against the root CA alone; one changed byte fails', async () => {
    const key: SealKey = {
      p12: p12Of(leaf.key, [leaf.cert, intermediate.cert], PASS),
      passphrase: PASS,
      source: 'configured',
    };
    const sealed = await sealPdf(
      await renderPdf({ info: { title: 'Ujian' }, content: ['Ujian meterai / Seal test'] }),
      { reason: 'Test' },
      key,
    );
    const ok = opensslVerify(sealed, caFile);
    expect(ok.stderr).toContain('Verification successful');
    expect(ok.status).toBe(0);
    // The key's certificate and the intermediate are in the CMS (the root need not be).
    const certs = execFileSync('/usr/bin/openssl', ['pkcs7', '-inform', 'DER', '-in', ok.sig, '-print_certs'], {
      encoding: 'utf8',
    });
    expect(certs).toContain('CN = Wasiat Provider Seal');
    expect(certs).toContain('CN = Test Licensed Issuing CA');

    const tampered = opensslVerify(sealed, caFile, true);
    expect(tampered.status).not.toBe(0);
    expect(tampered.stderr).toMatch(/digest failure|content verify error/i);
  });

  it('a PDF sealed with another CA key does not verify against the licensed CA', async () => {
    const key: SealKey = {
      p12: p12Of(
        ...((): [forge.pki.rsa.PrivateKey, forge.pki.Certificate[]] => {
          const otherRoot = issue('Some Other Root CA', { ca: true });
          const otherLeaf = issue('Wasiat Provider Seal', { ca: false, issuer: otherRoot });
          return [otherLeaf.key, [otherLeaf.cert, otherRoot.cert]];
        })(),
        PASS,
      ),
      passphrase: PASS,
      source: 'configured',
    };
    const sealed = await sealPdf(
      await renderPdf({ info: { title: 'Ujian' }, content: ['x'] }),
      { reason: 'Test' },
      key,
    );
    const r = opensslVerify(sealed, caFile);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/certificate verify error|unable to get local issuer/i);
  });
});

describe('configuration', () => {
  const SAFE = {
    NODE_ENV: 'production',
    APP_KEY: randomBytes(32).toString('base64'),
    APP_URL: 'https://wasiat.example.my',
    SMTP_URL: 'smtp://mailer:secret@smtp.example.my:587',
    SEAL_P12_PASSPHRASE: PASS,
  };

  it('production refuses a licensed-CA path the seal does not verify against, and accepts one it does', () => {
    const good = loadEnv({ ...SAFE, SEAL_P12_PATH: goodP12, SEAL_LICENSED_CA_PATH: caFile });
    expect(productionProblems(good)).toEqual([]);
    const bad = loadEnv({ ...SAFE, SEAL_P12_PATH: otherP12, SEAL_LICENSED_CA_PATH: caFile });
    const problems = productionProblems(bad);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SEAL_LICENSED_CA_PATH is set but the seal \(SEAL_P12_PATH\) is not certified/);
    expect(() => assertSafeForProduction(bad)).toThrow(/SEAL_LICENSED_CA_PATH/);
  });

  it('elsewhere a key that does not verify still seals, as the platform seal with the reason', () => {
    const configured = configureSeal({
      NODE_ENV: 'development',
      DATA_DIR: dir,
      SEAL_P12_PATH: otherP12,
      SEAL_P12_PASSPHRASE: PASS,
      SEAL_LICENSED_CA_PATH: caFile,
    });
    expect(configured.source).toBe('configured');
    expect(configured.seal.kind).toBe('platform');
    expect(sealKind()).toEqual(configured.seal);
    configureSeal({ NODE_ENV: 'test', DATA_DIR: dir });
    expect(sealKind()).toEqual({ kind: 'platform', reason: null });
  });

  it('the will PDF adds the licensed-seal sentence only for a licensed_ca seal', () => {
    const without = JSON.stringify(signatureLawSection());
    const withSeal = JSON.stringify(signatureLawSection({ caSubject: 'CN=Test CA' }));
    expect(without).not.toContain('tandatangan digital penyedia');
    expect(withSeal).toContain('dengan tandatangan digital penyedia di bawah perakuan CN=Test CA');
    expect(withSeal).toContain("sealed with the provider's digital signature under a certificate of CN=Test CA");
  });
});

describe('the will sealed by an app configured with the licensed CA', () => {
  it('says it is sealed under the CA, not signed by the testator, and verifies against the CA', async () => {
    const t = await makeTestApp({
      env: { SEAL_P12_PATH: goodP12, SEAL_P12_PASSPHRASE: PASS, SEAL_LICENSED_CA_PATH: caFile },
    });
    try {
      expect(sealKind().kind).toBe('licensed_ca');
      // What the web's signature statement reads (GET /api/document-seal, public).
      const seal = await t.call('GET', '/api/document-seal');
      expect(seal.status).toBe(200);
      expect(seal.body).toEqual({
        seal: { kind: 'licensed_ca', ca_subject: 'CN=Test Licensed Root CA, O=Ujian Sdn Bhd, C=MY' },
      });
      const { willId } = await insertWill(t.ctx);
      const token = await t.login('client');
      const r = await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token });
      expect(r.status).toBe(200);
      const text = execFileSync('pdftotext', ['-', '-'], { input: r.raw }).toString('utf8').replace(/\s+/g, ' ');
      expect(text).toContain(
        'PDF ini dimeterai dengan tandatangan digital penyedia di bawah perakuan CN=Test Licensed Root CA, O=Ujian Sdn Bhd, C=MY',
      );
      expect(text).toContain("it is not the testator's own digital signature and does not execute the will");
      expect(opensslVerify(r.raw, caFile).status).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('an app whose seal does not verify against the configured licensed CA (not production)', () => {
  it('starts, warns with the reason, and reports the platform seal', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString('utf8'));
        cb();
      },
    });
    const t = await makeTestApp({
      env: { SEAL_P12_PATH: otherP12, SEAL_P12_PASSPHRASE: PASS, SEAL_LICENSED_CA_PATH: caFile },
      logger: loggerOptions('warn', { stream: sink }),
    });
    try {
      const warning = lines.find((l) => l.includes("SEAL_LICENSED_CA_PATH is set but the seal is the platform's own"));
      expect(warning).toMatch(/does not chain to a licensed CA/);
      const seal = await t.call('GET', '/api/document-seal');
      expect(seal.body).toEqual({ seal: { kind: 'platform', ca_subject: null } });
    } finally {
      await t.close();
    }
  }, 60_000);
});
