/**
 * What happens when the people an instrument names may have changed (issue 41 item 3; ADR 0276), written once for
 * every instrument kind: the kind's shared lifecycle calls {@link namedPeopleChanged} inside the transaction that
 * registers the instrument or lets an amendment take effect, and {@link afterNamedPeopleChanged} after commit
 * (mail goes only then). Listeners register here (the acceptances module asks the executor and the guardians to
 * accept) so the lifecycle does not import them. No listener: nothing happens.
 */
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';

/** The change: a will registered (status 2) or amended (an amendment's new version took effect). */
export interface NamedPeopleChange {
  type: 'Wasiat';
  id: string;
  event: 'registered' | 'amended';
  /** Who made the change (for the audit), and when. */
  actorId: string | null;
  ip?: string;
  now: Date;
}

interface Listener {
  name: string;
  /** Inside the change's transaction: record what follows from it (rows, mails to an outbox). */
  inTransaction: (tx: Db, change: NamedPeopleChange) => Promise<void>;
  /** After commit: deliver what was recorded (never throws). */
  afterCommit: (ctx: Ctx) => Promise<unknown>;
}

const listeners = new Map<string, Listener>();

/** Registers a listener by name (once: a second registration of the same name replaces the first). */
export function onNamedPeopleChanged(l: Listener): void {
  listeners.set(l.name, l);
}

/** Calls every listener inside the change's transaction (`tx`). */
export async function namedPeopleChanged(tx: Db, change: NamedPeopleChange): Promise<void> {
  for (const l of listeners.values()) await l.inTransaction(tx, change);
}

/** Calls every listener's delivery after the change committed. */
export async function afterNamedPeopleChanged(ctx: Ctx): Promise<void> {
  for (const l of listeners.values()) await l.afterCommit(ctx).catch(() => undefined);
}
