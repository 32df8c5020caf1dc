/**
 * Test data of the journeys: unique people per run (usernames, e-mails and MyKad numbers never repeat
 * within a run; the server's database is fresh per run), the demo set of the seed, and fixture files.
 */
import { fileURLToPath } from 'node:url';

/** The seed's demo users share this password (e2e/playwright.config.ts; apps/api/src/db/seed). */
export const DEMO_PASSWORD = 'Demo12345';
/** TOTP secret of the demo staff, officer and admin (the API's demo seed, security/two-factor.ts; ADR 0081). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const DEMO_ORG = 'Syarikat Demo Amanah Sdn Bhd';
export const DEMO_BRANCH = 'Cawangan Kuala Lumpur';
export const DEMO_PROMO = 'DEMO50';

/** The two different MyKad images (e2e/fixtures/make-mykad-images.ts); the front holds a real face. */
export const MYKAD_FRONT = fileURLToPath(new URL('../../fixtures/mykad-front.jpg', import.meta.url));
export const MYKAD_BACK = fileURLToPath(new URL('../../fixtures/mykad-back.png', import.meta.url));
/** Selfies for the eKYC step: the MyKad front's person (passes), and another person (fails). */
export const SELFIE = fileURLToPath(new URL('../../fixtures/selfie.jpg', import.meta.url));
export const SELFIE_OTHER = fileURLToPath(new URL('../../fixtures/selfie-other.jpg', import.meta.url));

const runTag = Date.now().toString(36).slice(-5) + Math.random().toString(36).slice(2, 5);
let serial = 0;
const usedMykads = new Set<string>();

/** A tag unique within this run, for usernames and e-mails. */
export const uniqueTag = () => `${runTag}${(serial++).toString(36)}`;

const pad = (n: number, len = 2) => String(n).padStart(len, '0');
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/**
 * A valid, unused MyKad: YYMMDD of a real date (years 1960–1999, days 1–28), a state code and four
 * digits; `gender` sets the last digit's parity (odd = male, DESIGN.md §7).
 */
export function newMykad(gender: 'male' | 'female' = 'male'): string {
  for (;;) {
    const date = `${pad(randomInt(60, 99))}${pad(randomInt(1, 12))}${pad(randomInt(1, 28))}`;
    const place = pad(randomInt(1, 14));
    let rest = randomInt(0, 9999);
    if ((rest % 2 === 1) !== (gender === 'male')) rest = (rest + 1) % 10000;
    const ic = `${date}${place}${pad(rest, 4)}`;
    if (!usedMykads.has(ic)) {
      usedMykads.add(ic);
      return ic;
    }
  }
}

/**
 * A valid, unused MyKad of a person aged `years` today (born `years` years and about two months ago, Asia/
 * Kuala_Lumpur calendar close enough: a day's difference does not change the age), e.g. an 11-year-old
 * receiver (a minor, under 18; DESIGN.md §7 birth date from YYMMDD).
 */
export function mykadOfAge(years: number, gender: 'male' | 'female' = 'male'): string {
  const now = new Date();
  const born = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - 2, 1 + randomInt(0, 27)));
  for (;;) {
    const date = `${pad(born.getUTCFullYear() % 100)}${pad(born.getUTCMonth() + 1)}${pad(born.getUTCDate())}`;
    let rest = randomInt(0, 9999);
    if ((rest % 2 === 1) !== (gender === 'male')) rest = (rest + 1) % 10000;
    const ic = `${date}14${pad(rest, 4)}`;
    if (!usedMykads.has(ic)) {
      usedMykads.add(ic);
      return ic;
    }
  }
}

/** A new client of the sign-up form. */
export interface NewClient {
  name: string;
  username: string;
  email: string;
  ic_number: string;
  mobile_number: string;
  password: string;
}

/** A new client with a unique username, e-mail and MyKad. */
export function newClient(name = 'Ahmad Faris bin Kamarudin'): NewClient {
  const tag = uniqueTag();
  return {
    name,
    username: `pelanggan_${tag}`,
    email: `pelanggan.${tag}@contoh.my`,
    ic_number: newMykad('male'),
    mobile_number: `012${randomInt(1000000, 9999999)}`,
    password: 'Rahsia123',
  };
}

/** What the public pages show instead of a name: each word keeps its first letter (@wasiat/domain maskName). */
export const maskedName = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0] + '*'.repeat(w.length - 1))
    .join(' ');

/** What the public pages show instead of a MyKad: first six and last two digits (@wasiat/domain maskMykad). */
export const maskedMykad = (ic: string) => `${ic.slice(0, 6)}${'*'.repeat(ic.length - 8)}${ic.slice(-2)}`;

/** Will ids are random url-safe strings of at least 22 characters, never a counter (docs/api/wills.md). */
export const WILL_ID = /^[A-Za-z0-9_-]{22,}$/;
