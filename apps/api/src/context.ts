/** What every module's routes and services receive (built once in main.ts or in a test). */
import type { Db } from './db/client.ts';
import type { Env } from './platform/config/env.ts';
import type { FileStore } from './platform/files/storage.ts';
import type { UrlSigner } from './platform/http/signed-url.ts';
import type { Mailer } from './platform/mail/mailer.ts';

export interface Ctx {
  db: Db;
  env: Env;
  store: FileStore;
  mailer: Mailer;
  signer: UrlSigner;
  /** Public base URL, e.g. http://localhost:3000 (links in mail and QR codes). */
  appUrl: string;
}
