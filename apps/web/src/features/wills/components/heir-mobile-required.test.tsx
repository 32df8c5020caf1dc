/**
 * The heir form marks the mobile number required ("*") only when the domain rule requires it: an adult, or an
 * heir without a MyKad; a minor's (by the MyKad) is optional and must not show the mark (issue 37 item 6.4;
 * `heirMobileProblem`, issue 17 item 6).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heirFieldsSchema } from '@wasiat/domain';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { defaultsFor, heirSpecs } from '../../../components/instrument/party-fields.ts';
import { RecordForm } from '../../../components/instrument/RecordForm.tsx';

// jsdom has no FontFaceSet (Mantine's autosizing textarea of the address).
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

function HeirForm() {
  const specs = heirSpecs((k) => i18n.t(k));
  return (
    <RecordForm
      title="Waris"
      schema={heirFieldsSchema}
      fields={specs}
      defaults={defaultsFor(specs)}
      submitLabel="Simpan"
      onSave={async () => {}}
    />
  );
}

/** A MyKad of someone born `yearsAgo` years ago on 1 January (state code 14). */
const mykadBorn = (yearsAgo: number) =>
  `${String((new Date().getFullYear() - yearsAgo) % 100).padStart(2, '0')}0101145678`;

describe('heir form: mobile number required mark (issue 37 item 6.4)', { timeout: 30_000 }, () => {
  it('is required without a MyKad and for an adult, optional for a minor', async () => {
    const user = userEvent.setup();
    renderPage(<HeirForm />);
    const mobile = await screen.findByRole('textbox', { name: /No\. telefon bimbit/ });
    expect(mobile).toBeRequired();
    const ic = screen.getByRole('textbox', { name: /No\. MyKad/ });
    await user.type(ic, mykadBorn(5));
    expect(screen.getByRole('textbox', { name: /No\. telefon bimbit/ })).not.toBeRequired();
    await user.clear(ic);
    await user.type(ic, mykadBorn(40));
    expect(screen.getByRole('textbox', { name: /No\. telefon bimbit/ })).toBeRequired();
  });
});
