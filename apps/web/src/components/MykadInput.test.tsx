/**
 * A MyKad pasted as it is printed ("900101-14-5678") is kept whole: dashes and spaces are removed before the
 * 12-character limit, controlled or registered with react-hook-form (issue 37 item 6.6).
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import '@/components/test-utils.tsx';
import { MykadInput } from './MykadInput.tsx';

function Controlled() {
  const [v, setV] = useState('');
  return (
    <>
      <MykadInput label="MyKad" value={v} onChange={(e) => setV(e.currentTarget.value)} />
      <output data-testid="state">{v}</output>
    </>
  );
}

function Registered({ onSubmit }: { onSubmit: (v: { ic_number: string }) => void }) {
  const form = useForm<{ ic_number: string }>({ defaultValues: { ic_number: '' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <MykadInput label="MyKad" {...form.register('ic_number')} />
      <button type="submit">Hantar</button>
    </form>
  );
}

const wrap = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('MykadInput paste (issue 37 item 6.6)', () => {
  it('keeps all 12 digits of a MyKad pasted with dashes (controlled)', async () => {
    const user = userEvent.setup();
    wrap(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'MyKad' });
    await user.click(input);
    await user.paste('900101-14-5678');
    expect(input).toHaveValue('900101145678');
    expect(screen.getByTestId('state')).toHaveTextContent('900101145678');
    expect(input).toHaveAttribute('maxlength', '12');
  });

  it('keeps all 12 digits of a MyKad pasted with spaces (react-hook-form)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    wrap(<Registered onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: 'MyKad' });
    await user.click(input);
    await user.paste(' 900101 14 5678 ');
    expect(input).toHaveValue('900101145678');
    await user.click(screen.getByRole('button', { name: 'Hantar' }));
    expect(onSubmit).toHaveBeenCalledWith({ ic_number: '900101145678' }, expect.anything());
  });

  it('still limits typing to 12 characters', async () => {
    const user = userEvent.setup();
    wrap(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'MyKad' });
    await user.type(input, '9001011456789');
    expect(input).toHaveValue('900101145678');
  });
});
