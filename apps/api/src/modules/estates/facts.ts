/**
 * What the right office is worked out from (issue 40 item 7; ADR 0271): the deceased (name, MyKad, date of death,
 * certificate number from the verified report), their latest registered will (status 2: its type, its executor —
 * the registering organisation, ADR 0259 — its heirs and its property with the testator's values in sen, ADR 0257)
 * and the values staff entered over the will's (`estate_values`). Pure reads.
 */
import { type EstateRouteInput, type EstateWill, estateRoute } from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import {
  type death_reports,
  estate_values,
  heirs,
  immoveable_properties,
  moveable_properties,
  organizations,
  users,
  wills,
} from '../../db/schema/index.ts';
import type { Conn } from './policy.ts';

type Report = typeof death_reports.$inferSelect;

/** One property of the will, with its value in sen (null when the will did not record one). */
interface EstateProperty {
  kind: 'movable' | 'immovable';
  description: string;
  value_sen: number | null;
}

/** The facts of an estate. */
export interface EstateFacts {
  report: Report;
  deceased: { name: string | null; ic_number: string };
  will: { id: string; wasiat_no: string | null; type: EstateWill; executor: string | null } | null;
  heirs: { name: string; relationship: string; ic_number: string | null }[];
  properties: EstateProperty[];
  /** Where the values come from: staff's entry, the will's property, or nothing recorded. */
  source: 'staff' | 'will' | 'none';
  input: EstateRouteInput;
}

const sum = (xs: (number | null)[]) => xs.reduce<number>((a, b) => a + (b ?? 0), 0);

/** The facts of report `report`'s estate (see the file comment). */
export async function estateFacts(db: Conn, report: Report): Promise<EstateFacts> {
  const [person] = report.deceased_user_id
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, report.deceased_user_id))
    : [];
  const [w] = report.deceased_user_id
    ? await db
        .select({ id: wills.id, no: wills.wasiat_no, type: wills.wasiat_type, executor: organizations.name })
        .from(wills)
        .leftJoin(organizations, eq(organizations.id, wills.organization_id))
        .where(and(eq(wills.user_id, report.deceased_user_id), eq(wills.status, 2)))
        .orderBy(desc(wills.registered_at))
        .limit(1)
    : [];
  const will = w
    ? {
        id: w.id,
        wasiat_no: w.no,
        type: (w.type === 2 ? 'conventional' : 'islamic') as EstateWill,
        executor: w.executor ?? null,
      }
    : null;
  const hs = will
    ? await db
        .select({ name: heirs.name, relationship: heirs.relationship, ic_number: heirs.ic_number })
        .from(heirs)
        .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, will.id)))
        .orderBy(heirs.created_at)
    : [];
  const mov = will
    ? await db
        .select()
        .from(moveable_properties)
        .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), eq(moveable_properties.moveable_id, will.id)))
        .orderBy(moveable_properties.created_at)
    : [];
  const imm = will
    ? await db
        .select()
        .from(immoveable_properties)
        .where(
          and(eq(immoveable_properties.immoveable_type, 'Wasiat'), eq(immoveable_properties.immoveable_id, will.id)),
        )
        .orderBy(immoveable_properties.created_at)
    : [];
  const properties: EstateProperty[] = [
    ...mov.map((m) => ({
      kind: 'movable' as const,
      description: [m.property_type, m.institution_name, m.account_number ?? m.transport_registration_number]
        .filter(Boolean)
        .join(' — '),
      value_sen: m.value_sen,
    })),
    ...imm.map((i) => ({
      kind: 'immovable' as const,
      description: [i.category, i.property_type, i.property_no, `Lot ${i.lot_number}`, i.district, i.state]
        .filter(Boolean)
        .join(' — '),
      value_sen: i.value_sen,
    })),
  ];
  const [staff] = await db.select().from(estate_values).where(eq(estate_values.death_report_id, report.id));
  const willType: EstateWill = will?.type ?? 'none';
  const executorNamed = staff?.executor_named ?? Boolean(will?.executor);
  const input: EstateRouteInput = staff
    ? {
        movable_sen: staff.movable_sen,
        immovable_sen: staff.immovable_sen,
        will: willType,
        executor_named: executorNamed,
      }
    : {
        movable_sen: sum(mov.map((m) => m.value_sen)),
        immovable_sen: sum(imm.map((i) => i.value_sen)),
        will: willType,
        executor_named: executorNamed,
      };
  return {
    report,
    deceased: { name: person?.name ?? null, ic_number: report.deceased_ic },
    will,
    heirs: hs,
    properties,
    source: staff ? 'staff' : properties.length ? 'will' : 'none',
    input,
  };
}

/** The route of `facts` (domain `estateRoute`). */
export const routeOf = (facts: EstateFacts) => estateRoute(facts.input);
