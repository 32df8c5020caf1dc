/**
 * The dashboard's section list — the EXTENSION POINT of /dashboard and /dashboard/agent (spec §2
 * "Dashboard content"; ADR 0062). DashboardPage renders, after its built-in sections (will status,
 * transaction history, wills in process, the agent's clients), every entry below whose `show` accepts
 * the viewer, in `order`.
 *
 * Modules built in parallel add ONE entry here (additively) for their part of the dashboard content,
 * each backed by their own API — no section shows made-up figures:
 * - amendments (pindaan): `amendment-status` (order 30, clients): AmendmentStatusSection, from
 *   `GET /api/wasiat/{id}/amendment` ("amendment status");
 * - hibah/trust: `{ id: 'hibah-in-process', order: 40, … }` ("hibah in process") and
 *   `{ id: 'register-hibah', order: 5, … }` ("register new hibah/trust").
 * Until they land, those sections are simply absent.
 */
import type { Role } from '@wasiat/domain';
import type { ComponentType } from 'react';
import { HibahSections } from '@/features/hibah/index.ts';
import { AmendmentStatusSection } from './AmendmentStatusSection.tsx';
import { ClientWillsInProcess } from './ClientWillsInProcess.tsx';
import { SummarySection } from './SummarySection.tsx';

/** Who is looking at the dashboard. */
export interface DashboardViewer {
  userId: string;
  role: Role | undefined;
  /** The user reads their own records (Client: `will:read:own`). */
  isClient: boolean;
  /** 'agent' on /dashboard/agent. */
  focus: 'general' | 'agent';
}

/** One section of the dashboard. */
export interface DashboardSection {
  /** Stable id (also the React key and `data-section` attribute). */
  id: string;
  /** Position among the listed sections (ascending). */
  order: number;
  show: (v: DashboardViewer) => boolean;
  Component: ComponentType<DashboardViewer>;
}

/** The listed sections (see the file comment for the extension points). */
export const DASHBOARD_SECTIONS: DashboardSection[] = [
  {
    id: 'client-wills-in-process',
    order: 10,
    show: (v) => v.isClient,
    Component: (v) => <ClientWillsInProcess userId={v.userId} />,
  },
  {
    // "amendment status" (spec §2): the client's current amendment of their registered will.
    id: 'amendment-status',
    order: 30,
    show: (v) => v.isClient,
    Component: (v) => <AmendmentStatusSection userId={v.userId} />,
  },
  {
    // Agent: "my sales"; Partner: their organisation's pipeline; provider staff: all organisations.
    id: 'summary',
    order: 20,
    show: (v) => !v.isClient,
    Component: (v) => <SummarySection role={v.role} />,
  },
  {
    // "hibah in process" and "register new hibah/trust" (issue 5; features/hibah): a client's own, staff's
    // and partners' in their scope (the hibah list API scopes them).
    id: 'hibah',
    order: 40,
    show: () => true,
    Component: () => <HibahSections />,
  },
];

/** The sections `viewer` sees, in order. */
export function sectionsFor(viewer: DashboardViewer, list: readonly DashboardSection[] = DASHBOARD_SECTIONS) {
  return list.filter((s) => s.show(viewer)).sort((a, b) => a.order - b.order);
}
