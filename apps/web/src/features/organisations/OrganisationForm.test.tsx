import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EntityForm } from '@/components/EntityForm.tsx';
import { renderPage } from '@/components/test-utils.tsx';
import { organisationFields } from './pages/OrganisationFormPage.tsx';

// Mantine's combobox scrolls the selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};

describe('organisation form: "Rakan niaga" (is_partner)', () => {
  it('choosing "Ya" again keeps the organisation a partner (issue 38 item 11.2)', async () => {
    const onSubmit = vi.fn(async () => {});
    const fields = organisationFields('ms').filter((f) => f.name === 'is_partner');
    const user = userEvent.setup();
    renderPage(<EntityForm fields={fields} defaults={{ is_partner: '0' }} onSubmit={onSubmit} submitLabel="Simpan" />);
    const select = await screen.findByRole('combobox', { name: /Rakan niaga/ });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Ya', hidden: true }));
    // The user opens the list again and picks the same answer.
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Ya', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ is_partner: '1' }));
  });
});
