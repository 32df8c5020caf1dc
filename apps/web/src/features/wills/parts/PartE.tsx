/**
 * Part E — Property, guardians and bequests (comprehensive plan only; docs/api/wills.md; DESIGN.md §5
 * journey 1): tabs for movable property, immovable property, receivers, guardians of minor children,
 * bequests, and the estate (figures, the one-third limit with the heirs' consent, the executor fee and a
 * live faraid preview; issue 9). Above the tabs, the notice of bequests to heirs with its required
 * acknowledgement (issue 17 item 5). Each row saves on its own; "Next" moves on.
 */
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { HeirBequestsNotice, useHeirBequests } from '../../../components/instrument/HeirBequestsNotice.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import { useWillList } from '../hooks/useWill.ts';
import type { Receiver } from '../types.ts';
import { BequestsTab } from './e/BequestsTab.tsx';
import { EstateTab } from './e/EstateTab.tsx';
import { PeopleTab } from './e/PeopleTab.tsx';
import { PropertyTab } from './e/PropertyTab.tsx';

const TABS = ['moveable', 'immoveable', 'receiver', 'caretaker', 'bequest', 'estate'] as const;

/** Part E page; see the file comment. */
export function PartE() {
  const { t } = useTranslation();
  const { will, wasiatId, editable, goNext, refresh } = useWizard();
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('moveable');
  const receivers = useWillList<Receiver>(wasiatId, 'receiver', 'receivers');
  const heirBequests = useHeirBequests({ kind: 'wasiat', id: wasiatId ?? '' });
  if (!wasiatId) return null;
  return (
    <Stack>
      <Title order={2}>{t('wills.parts.e')}</Title>
      <Text>{t('wills.e.intro')}</Text>
      <HeirBequestsNotice subject={{ kind: 'wasiat', id: wasiatId }} editable={editable} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {TABS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`wills.e.tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="moveable" pt="md">
          <PropertyTab kind="moveable" wasiatId={wasiatId} editable={editable} receivers={receivers.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="immoveable" pt="md">
          <PropertyTab kind="immoveable" wasiatId={wasiatId} editable={editable} receivers={receivers.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="receiver" pt="md">
          <PeopleTab kind="receiver" wasiatId={wasiatId} editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="caretaker" pt="md">
          <PeopleTab kind="caretaker" wasiatId={wasiatId} editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="bequest" pt="md">
          <BequestsTab wasiatId={wasiatId} editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="estate" pt="md">
          <EstateTab will={will} wasiatId={wasiatId} editable={editable} onSaved={refresh} />
        </Tabs.Panel>
      </Tabs>
      <FormError message={error} />
      <Group>
        <Button
          onClick={async () => {
            setError(null);
            const fresh = await refresh();
            if (!fresh?.parts_done?.includes('e')) return setError(t('wills.e.need_one'));
            // Bequests to heirs must be acknowledged here (the server refuses the submission otherwise).
            const hb = (await heirBequests.refetch()).data;
            if (hb && !hb.acknowledged) return setError(t('wills.e.heir_bequests.required'));
            await goNext('e');
          }}
        >
          {t('common.next')}
        </Button>
      </Group>
    </Stack>
  );
}
