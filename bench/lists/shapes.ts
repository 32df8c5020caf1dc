/**
 * The list requests of the bench (bench/api-lists.ts; issue 42 item 2), exactly as the screens send them: the
 * query keys in the order the screens' objects hold them, written by apps/web/src/lib/api.ts (URLSearchParams,
 * empty values dropped). Sources, per shape: wills — features/wills/pages/WillListPage.tsx (status filter, the
 * verification list, `?organization_id=` from the organisation queue, pages of 10), features/dashboard
 * (WillsInProcess.tsx, DashboardPage.tsx, queries.ts `clientWills`); search by MyKad / will number / name —
 * features/amendments/pages/SearchPages.tsx (`GET /api/carian`, pages of 20); amendments —
 * features/amendments/pages/AmendmentListPage.tsx (pages of 10), hibah/VerifyListPage.tsx (`status=1,4`, pages of
 * 15), SearchPages (reference number, MyKad); hibahs — features/hibah/pages/ListPages.tsx (pages of 15,
 * `except_status=-1`), VerificationPages.tsx (status 2 / 4 of an organisation, 100), queries.ts (dashboard);
 * payments — features/payments/api.ts `pendingManual` (staff only: `payment:confirm`) and the client's history
 * `GET /api/payment/mine?limit=100` (dashboard/queries.ts). No list screen sends a date range (dates are filters
 * of the reports, bench/reports.ts).
 */

/** What the shapes fill in: the signed-in users' ids and records that exist in the seeded data. */
export interface ShapeFacts {
  clientId: string;
  org: string;
  mykad: string;
  wasiatNo: string;
  referenceNo: string;
  /** A will of the client (for its amendments and payments). */
  clientWill: string;
  /** The page number of "a far page" of a list of 10 (page 100: 1,000 records in). */
  far: number;
}

export type Role = 'staff' | 'partner' | 'agent' | 'client';
type Kind = 'will' | 'amendment' | 'hibah' | 'payment';

/** One request shape: list, who asks, a short label, the path with its query string. */
export interface Shape {
  kind: Kind;
  role: Role;
  label: string;
  path: string;
}

const qs = (o: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};
const willPage = (o: { status?: string; organization_id?: string; page: number }) =>
  `/api/wasiat?${qs({ status: o.status, organization_id: o.organization_id, page: o.page, limit: 10, load_with: 'userDetail,user,organization' })}`;
const amendmentPage = (o: Record<string, string | number | undefined>) =>
  `/api/amendment?${qs({ amendmentable_type: 'Wasiat', status: undefined, page: 1, limit: 10, load_with: 'amendmentable.user', ...o })}`;
const hibahPage = (page: number, own?: string) =>
  `/api/hibah?${qs({ page, limit: 15, except_status: -1, load_with: 'user,userDetail', ...(own ? { user_id: own } : {}) })}`;

/** Every shape measured, by list and role. */
export function listShapes(f: ShapeFacts): Shape[] {
  const s = (kind: Kind, role: Role, label: string, path: string): Shape => ({ kind, role, label, path });
  const delegated = (role: 'partner' | 'agent'): Shape[] => [
    s('will', role, 'list, page 1', willPage({ page: 1 })),
    s('will', role, 'status=1, page 2', willPage({ status: '1', page: 2 })),
    s('amendment', role, 'list, page 1', amendmentPage({})),
    s('hibah', role, 'list, page 1', hibahPage(1)),
  ];
  return [
    // wills, staff
    s('will', 'staff', 'list, page 1', willPage({ page: 1 })),
    s('will', 'staff', 'status=1 (verification), page 1', willPage({ status: '1', page: 1 })),
    s('will', 'staff', 'status=2, page 2', willPage({ status: '2', page: 2 })),
    s('will', 'staff', `list, far page (${f.far})`, willPage({ page: f.far })),
    s('will', 'staff', 'organisation, status=1', willPage({ status: '1', organization_id: f.org, page: 1 })),
    s('will', 'staff', 'dashboard, status=0, 5', `/api/wasiat?${qs({ status: 0, limit: 5, load_with: 'userDetail' })}`),
    s('will', 'staff', 'search MyKad', `/api/carian?${qs({ ic_number: f.mykad, page: 1, limit: 20 })}`),
    s('will', 'staff', 'search will number', `/api/carian?${qs({ wasiat_no: f.wasiatNo, page: 1, limit: 20 })}`),
    s('will', 'staff', 'search name', `/api/carian?${qs({ name: 'Pelanggan 4242', page: 1, limit: 20 })}`),
    s('will', 'staff', 'search status=1 (carian)', `/api/carian?${qs({ status: '1', page: 1, limit: 20 })}`),
    // wills, partner and agent
    ...delegated('partner'),
    s('will', 'partner', 'search MyKad', `/api/carian?${qs({ ic_number: f.mykad, page: 1, limit: 20 })}`),
    ...delegated('agent'),
    // wills, client
    s(
      'will',
      'client',
      'own (dashboard)',
      `/api/wasiat?${qs({ user_id: f.clientId, load_with: 'payment', limit: 50 })}`,
    ),
    // amendments, staff
    s('amendment', 'staff', 'list, page 1', amendmentPage({})),
    s('amendment', 'staff', 'status=1, page 2', amendmentPage({ status: '1', page: 2 })),
    s(
      'amendment',
      'staff',
      'hibah status=1,4',
      `/api/amendment?${qs({ amendmentable_type: 'Hibah', status: '1,4', load_with: 'amendmentable.user', page: 1, limit: 15 })}`,
    ),
    s('amendment', 'staff', 'search reference no', amendmentPage({ reference_no: f.referenceNo })),
    s('amendment', 'staff', 'search MyKad', amendmentPage({ ic_number: f.mykad })),
    s('amendment', 'client', "own will's", `/api/wasiat/${f.clientWill}/amendment?limit=20`),
    // hibahs
    s('hibah', 'staff', 'list, page 1', hibahPage(1)),
    s('hibah', 'staff', 'list, page 2', hibahPage(2)),
    s(
      'hibah',
      'staff',
      'status=2 (verification)',
      `/api/hibah?${qs({ status: 2, load_with: 'user,userDetail', limit: 100 })}`,
    ),
    s(
      'hibah',
      'staff',
      'dashboard, status 0–4, 5',
      `/api/hibah?${qs({ status: '0,1,2,3,4', limit: 5, load_with: 'user,userDetail' })}`,
    ),
    s(
      'hibah',
      'partner',
      'organisation status=2',
      `/api/hibah?${qs({ status: 2, organization_id: f.org, load_with: 'user,userDetail', limit: 100 })}`,
    ),
    s('hibah', 'client', 'own list', hibahPage(1, f.clientId)),
    // payments
    s(
      'payment',
      'staff',
      'pending manual, page 1',
      `/api/payment?${qs({ status: 'pending', manual: 1, limit: 50, page: 1 })}`,
    ),
    s(
      'payment',
      'staff',
      'pending manual, page 2',
      `/api/payment?${qs({ status: 'pending', manual: 1, limit: 50, page: 2 })}`,
    ),
    s('payment', 'client', 'own history', '/api/payment/mine?limit=100'),
    s('payment', 'client', "own will's", `/api/wasiat/${f.clientWill}/payment`),
  ];
}
