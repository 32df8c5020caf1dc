/**
 * How a will's witness was identified, in the will's details (issue 41 item 2; ADR 0259, ADR 0302): the label of
 * `identified_by` (`email_code`, `staff`, or not yet). Staff who verify wills (`will:verify`, the permission table of
 * @wasiat/domain) see, for a witness not yet identified on a will not yet registered (status < 2), "Confirm in front
 * of me": after a dialog naming the witness and their MyKad number (nothing is sent before it is confirmed), it
 * records `POST /api/witness/{id}/identification/staff` — the staff member checked the original MyKad in person.
 * A refusal (e.g. the will was registered meanwhile) is shown as the server's message.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { can, roleOf, witnessIdentificationKey } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api.ts';
import { confirmAction, successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';
import type { Will, Witness } from '../types.ts';

/** The "identified by" cell of one witness row; `will` decides whether staff may still record it. */
export function WitnessIdentifiedCell({ will, witness }: { will: Will; witness: Witness }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const label = t(witnessIdentificationKey(witness.identified_by));
  const mayRecord = !witness.identified_by && will.status < 2 && can(roleOf(session.user()), 'will:verify');
  if (!mayRecord) return <>{label}</>;
  const record = () =>
    confirmAction({
      title: t('witness.identify.staff_title'),
      message: t('witness.identify.staff_message', { name: witness.name, ic: witness.ic_number }),
      confirm: t('witness.identify.staff_confirm'),
      onConfirm: async () => {
        await api.post(`witness/${witness.id}/identification/staff`);
        successToast(t('witness.identify.staff_done'));
        await qc.invalidateQueries({ queryKey: ['wasiat', will.id, 'witness'] });
      },
    });
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{label}</Text>
      <Button size="xs" variant="light" onClick={record} data-testid={`witness-staff-identify-${witness.id}`}>
        {t('witness.identify.staff_button')}
      </Button>
    </Stack>
  );
}
