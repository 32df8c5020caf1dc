/**
 * A self-signed certificate for `localhost`, made by openssl for one run (the TLS test, bench/web.ts; ADR 0207).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Write `cert.pem` and `key.pem` (RSA 2048, valid 1 day, CN=localhost) into `dir`.
 * @returns the two files' paths
 * @throws when openssl is missing or fails
 */
export function selfSignedCertificate(dir: string): { certFile: string; keyFile: string } {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}
