/** The estate file's shape as the API returns it (issue 40 item 4; ADR 0274), shared by its page and forms. */
/** The file as `GET /api/death-report/{id}/estate-file` returns it (amounts in sen). */
export interface EstateFile {
  death_report_id: string;
  deceased: { name: string | null; ic_number: string; date_of_death: string; certificate_no: string };
  will: { id: string; wasiat_no: string | null } | null;
  heirs: {
    id: string;
    name: string;
    relationship: string;
    origin: 'will' | 'added';
    status: 'living' | 'died_before' | 'died_after';
    can_consent: boolean;
    change_id: string | null;
    event_date: string | null;
  }[];
  property: { id: string; label: string; value_sen: number | null; from_asset_map: boolean }[];
  asset_map: {
    id: string;
    label: string;
    value_sen: number;
    counted: 'estate' | 'in_will' | 'outside' | 'liability';
  }[];
  claims: { funeral_sen: number; other_debts_sen: number; asset_map_debts_sen: number; zakat_sen: number };
  distribution: {
    gross_sen: number;
    deductions: { code: string; asked_sen: number; paid_sen: number; source: string }[];
    unpaid_sen: number;
    after_claims_sen: number;
    third_sen: number;
    faraid_base_sen: number;
    baitulmal_sen: number;
    computable: boolean;
    executor_fee: { fee_sen: number; provider_percent: number; provider_bears_sen: number; estate_pays_sen: number };
    bequests: {
      ref: string;
      label: string;
      name: string;
      heir_id: string | null;
      asked_sen: number | null;
      effective_sen: number;
      awaiting_sen: number;
      refused_sen: number;
      reason: 'to_heir' | 'beyond_third' | null;
      source: string;
    }[];
    /** The wasiat wajibah (ADRs 0270, 0282); null when the will records no predeceased child. */
    wajibah: {
      state: string | null;
      provision: { state: string; section: string | null } | null;
      source: string;
      cap_sen: number;
      capped: boolean;
      total_sen: number;
      lines: {
        name: string;
        status: 'entitled' | 'no_provision' | 'lineage' | 'no_children' | 'inherits';
        share: string;
        due_sen: number;
        grandchildren: { name: string; entitled_sen: number; given_sen: number; due_sen: number }[];
      }[];
    } | null;
    heirs: {
      heir_id: string;
      name: string;
      fraction: string | null;
      faraid_sen: number;
      borne_sen: number;
      awaiting_sen: number;
      bequests_sen: number;
      total_sen: number;
      source: string;
    }[];
  };
  hibahs: {
    id: string;
    hibah_number: string | null;
    product: string;
    value_sen: number;
    complete: boolean;
    missing: string[];
  }[];
}
