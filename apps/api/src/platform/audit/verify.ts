/**
 * `npm run audit:verify` (issue 11 "a `npm run audit:verify` command walks the chain and names the first
 * broken link"): opens the configured database (DATABASE_URL, else PGlite in DATA_DIR/pglite — only while
 * no server runs on that folder, DESIGN.md §8), walks the chain and prints OK or the first broken event.
 * Exit code 0 when the chain verifies, 1 when it is broken.
 */
import { join } from 'node:path';
import { openDatabase } from '../../db/client.ts';
import { loadEnv } from '../config/env.ts';
import { verifyAuditChain } from './chain.ts';

const env = loadEnv();
const database = await openDatabase({
  url: env.DATABASE_URL || undefined,
  pgliteDir: join(env.DATA_DIR, 'pglite'),
  max: 1,
});
try {
  const r = await verifyAuditChain(database.db);
  if (r.ok) {
    console.log(`OK: ${r.count} audit events, chain intact`);
  } else {
    console.log(`BROKEN at audit event id=${r.id} (seq ${r.seq}): ${r.reason}; ${r.count} events before it verify`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
