/**
 * The delete confirmation (notify.tsx `confirmDelete`; ADR 0191): the dialog host is not mounted with the page
 * but on the first dialog, and the dialog still asks before anything is deleted — confirm runs the deletion,
 * cancel does not.
 */
import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
// jsdom's missing matchMedia and ResizeObserver, and cleanup after each test
import '@/components/test-utils.tsx';
import { FeedbackHost } from './feedback.tsx';
import { confirmDelete } from './notify.tsx';

describe('confirmDelete', () => {
  it('opens the dialog on first need and deletes only on confirm', async () => {
    render(
      <MantineProvider>
        <FeedbackHost />
      </MantineProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const onConfirm = vi.fn(async () => {});
    const onCancel = vi.fn();
    act(() => confirmDelete('Ahmad', onConfirm, onCancel));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Ahmad');
    await act(async () => {
      screen.getByRole('button', { name: 'Batal' }).click();
    });
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(onConfirm).not.toHaveBeenCalled();

    act(() => confirmDelete('Siti', onConfirm, onCancel));
    await screen.findByText((_, el) => el?.getAttribute('role') === 'dialog' && !!el.textContent?.includes('Siti'));
    await act(async () => {
      screen.getByRole('button', { name: 'Padam' }).click();
    });
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});
