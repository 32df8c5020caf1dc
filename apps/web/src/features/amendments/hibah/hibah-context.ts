/** The hibah amendment page's context (ADR 0038): the amendment wizard's context with its draft as a hibah draft. */
import { session } from '@/lib/storage.ts';
import { useAmendmentContext } from '../components/AmendmentWizard.tsx';
import type { HibahDraft } from './api.ts';

/** The context's draft as a hibah draft. */
export const useHibahContext = () => {
  const ctx = useAmendmentContext();
  return { ...ctx, hdraft: ctx.draft as unknown as HibahDraft };
};
/** Whether the signed-in user is the grantor `userId` (the amendment's owner). */
export const isGrantor = (userId: string) => session.user()?.id === userId;
