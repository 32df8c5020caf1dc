/** Row and connection types of the wills module (reached through `queries.ts`). */
import type { Db } from '../../db/client.ts';
import type { payments, wills } from '../../db/schema/index.ts';

/** A row of `wills`. */
export type WillRow = typeof wills.$inferSelect;
/** A transaction handle of {@link Db}. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction. */
export type Conn = Db | Tx;
/** A transaction where a helper of another module asks for `Db` (same query API; no `$client`). */
export const asDb = (c: Conn) => c as unknown as Db;
/** A row of `payments`. */
export type PaymentRow = typeof payments.$inferSelect;
