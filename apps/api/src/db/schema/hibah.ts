/**
 * Hibah and trust (amanah) records and their parties, property, asset ledger and one-cent redeem codes
 * (spec §3 "Hibah/trust record", caretaker, property, asset transactions; §4 hibah statuses; reference
 * §2.3, §2.5, §2.6, §4.3; issue 5). Money in integer sen; timestamps in UTC.
 *
 * The hibah module owns its own people and property tables (not the polymorphic will tables), because
 * a hibah receiver signs and a hibah witness confirms through a signed link, and a property carries an
 * asset ledger (ADR 0030).
 *
 * The tables live in files named by what they hold; this file is the one import path for all of them.
 */
export * from './hibah-coupons.ts';
export * from './hibah-parties.ts';
export * from './hibah-property.ts';
export * from './hibah-record.ts';
