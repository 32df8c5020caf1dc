/**
 * Calls of the TEKUN screens (API: apps/api/src/modules/tekun; docs/api/programmes.md). Money in sen; times ISO
 * 8601 UTC (shown in Asia/Kuala_Lumpur).
 */
import { api } from '@/lib/api.ts';
import type { Page } from '../programmes/index.ts';

export interface Upload {
  id: string;
  kind: 'bulk' | 'single';
  file_name: string | null;
  total_rows: number;
  accepted_count: number;
  refused_count: number;
  created_at: string;
  uploaded_by_name?: string | null;
  repeated?: boolean;
}
export interface UploadRow {
  id: string;
  row_no: number;
  member_name: string | null;
  ic_number: string | null;
  certificate_no: string | null;
  issue_date: string | null;
  status: 'accepted' | 'refused';
  reason: string | null;
  reasons: { field: string; message: string }[];
  certificate_id: string | null;
}
export interface Certificate {
  id: string;
  certificate_no: string;
  member_name: string;
  ic_number: string;
  issue_date: string;
  status: 'pending' | 'verified' | 'rejected';
  rejected_reason: string | null;
  verified_at: string | null;
  wasiat_id: string | null;
  has_document: boolean;
  created_at: string;
}
export interface ProgrammeWill {
  id: string;
  status: number;
  wasiat_no: string | null;
  price_sen: number | null;
  payment_received_at: string | null;
  created_at: string;
  certificate_no: string;
  member_name: string;
  ic_number: string;
}
export interface TekunMonth {
  month: string;
  rows: number;
  accepted: number;
  refused: number;
  verified: number;
  rejected: number;
  wills: number;
  amount_sen: number;
}

export const fetchUploads = (q: { status?: string; page: number }) =>
  api.get<{ uploads: Page<Upload> }>('tekun/upload', { ...q, limit: 15 });
export const fetchUpload = (id: string, status?: string) =>
  api.get<{ upload: Upload; rows: UploadRow[] }>(`tekun/upload/${id}`, { status });
export const postUpload = (form: FormData) => api.post<{ upload: Upload; rows: UploadRow[] }>('tekun/upload', form);
export const postCertificate = (form: FormData) =>
  api.post<{ upload: Upload; rows: UploadRow[]; certificate: Certificate | null }>('tekun/certificate', form);
export const fetchCertificates = (q: { status?: string; search?: string; page: number }) =>
  api.get<{ certificates: Page<Certificate> }>('tekun/certificate', { ...q, limit: 15 });
export const verifyCertificate = (id: string, body: { status: 'verified' | 'rejected'; rejected_reason?: string }) =>
  api.patch<{ certificate: Certificate }>(`tekun/certificate/${id}`, body);
export const registerWill = (id: string) =>
  api.post<{ wasiat: { id: string; status: number; price_sen: number } }>(`tekun/certificate/${id}/wasiat`);
export const fetchProgrammeWills = (q: { status?: string; page: number }) =>
  api.get<{ wasiats: Page<ProgrammeWill> }>('tekun/wasiat', { ...q, limit: 15 });
export const fetchTekunReport = (year: number) =>
  api.get<{ report: { year: number; months: TekunMonth[]; totals: Omit<TekunMonth, 'month'> } }>(
    'tekun/report/monthly',
    {
      year,
    },
  );
