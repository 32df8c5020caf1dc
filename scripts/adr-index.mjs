/**
 * The index of the decisions (issue 34 item 7; ADR 0222): `docs/decisions/README.md`, one row per ADR with its
 * title, its status line, and what supersedes it — read from the ADRs themselves, in both directions: an ADR
 * whose own text says "superseded (in part) by ADR N" (or "replaced by"), and an ADR N whose text says it
 * "supersedes" or "replaces" ADR M. Numbers never used are listed, so a gap is not taken for a lost record.
 *
 * `node scripts/adr-index.mjs` writes the index; `--check` (run by `npm run lint`) fails when it is not current.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../docs/decisions/', import.meta.url).pathname;
const files = readdirSync(dir)
  .filter((f) => /^\d{4}-.*\.md$/.test(f))
  .sort();

const adrs = files.map((file) => {
  const text = readFileSync(join(dir, file), 'utf8');
  const number = Number(file.slice(0, 4));
  const heading = text.split('\n').find((l) => l.startsWith('# ')) ?? `# ${file}`;
  const title = heading
    .replace(/^#\s*/, '')
    .replace(/^(ADR\s*)?\d{4}\s*[.:—–-]?\s*/, '')
    .trim();
  const statusLine = text.split('\n').find((l) => /^\**status\**\s*:/i.test(l.trim()));
  const status = statusLine
    ? statusLine
        .replace(/^\**status\**\s*:\s*/i, '')
        .replace(/\*+/g, '')
        .trim()
    : 'accepted';
  const supersededBy = new Set();
  for (const m of text.matchAll(
    /(?:superseded|replaced)(?:\s+in\s+part)?(?:\s+on\s+[^.]*?)?\s+by\s+ADRs?\s+((?:\d{4}(?:,\s*|\s+and\s+)?)+)/gi,
  )) {
    for (const n of m[1].match(/\d{4}/g)) supersededBy.add(Number(n));
  }
  const supersedes = new Set();
  for (const m of text.matchAll(
    /(?:supersedes|replaces)\s+(?:[^.\n]*?\s)?(?:of\s+)?ADRs?\s+((?:\d{4}(?:,\s*|\s+and\s+)?)+)/gi,
  )) {
    for (const n of m[1].match(/\d{4}/g)) supersedes.add(Number(n));
  }
  return { number, file, title, status, supersededBy, supersedes };
});

const byNumber = new Map(adrs.map((a) => [a.number, a]));
for (const a of adrs) {
  for (const n of a.supersedes) byNumber.get(n)?.supersededBy.add(a.number);
}
for (const a of adrs) a.supersededBy.delete(a.number);

const highest = Math.max(...adrs.map((a) => a.number));
const unused = [];
for (let n = 1; n <= highest; n++) if (!byNumber.has(n)) unused.push(String(n).padStart(4, '0'));

const cell = (s) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');
const pad = (n) => String(n).padStart(4, '0');
const lines = [
  '# Decisions',
  '',
  'Architecture decision records, one short file per decision (ADR 0001). This index is written by',
  '`node scripts/adr-index.mjs` from the records themselves and checked by `npm run lint`; do not edit it by hand.',
  'A record is never rewritten to say what came after it: "superseded by" below is read from the later record',
  '("supersedes ADR N") or from the record\'s own note ("superseded by ADR N"), and the later record is what holds.',
  '',
  `${adrs.length} records; numbers never used: ${unused.length ? unused.join(', ') : 'none'}.`,
  '',
  '| ADR | decision | status | superseded (wholly or in part) by |',
  '|---|---|---|---|',
  ...adrs.map(
    (a) =>
      `| [${pad(a.number)}](${a.file}) | ${cell(a.title)} | ${cell(a.status)} | ${[...a.supersededBy]
        .sort((x, y) => x - y)
        .map((n) => (byNumber.has(n) ? `[${pad(n)}](${byNumber.get(n).file})` : pad(n)))
        .join(', ')} |`,
  ),
  '',
];
const index = lines.join('\n');
const target = join(dir, 'README.md');

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== index) {
    console.error('docs/decisions/README.md is not current: run `node scripts/adr-index.mjs`');
    process.exit(1);
  }
  const superseded = adrs.filter((a) => a.supersededBy.size).length;
  console.log(`decisions: ${adrs.length} records indexed, ${superseded} superseded in whole or part`);
} else {
  writeFileSync(target, index);
  console.log(`wrote docs/decisions/README.md: ${adrs.length} records`);
}
