import { describe, expect, it } from 'vitest';
import { newPortionError } from './e/PropertyReceivers.tsx';
import { moveableDetailFields } from './e/PropertyTab.tsx';
import { verificationErrors } from './PartF.tsx';
import { paymentSettled, paymentSummary } from './PartPayment.tsx';

describe('payment part', () => {
  it('computes price, discount and amount due in sen, a checked promo code included', () => {
    expect(paymentSummary({ price_sen: 35000, discount_sen: 0, amount_due_sen: 35000 })).toEqual({
      price: 35000,
      discount: 0,
      due: 35000,
    });
    expect(paymentSummary({ price_sen: 35000, discount_sen: 0, amount_due_sen: 35000 }, 5000)).toEqual({
      price: 35000,
      discount: 5000,
      due: 30000,
    });
    expect(paymentSummary({ price_sen: 3000, discount_sen: 0, amount_due_sen: 3000 }, 5000).due).toBe(0);
  });
  it('counts paid, waived and a pending manual payment as settled, not a pending gateway payment', () => {
    expect(paymentSettled({ payment_status: 'paid', payment_options_id: 1 })).toBe(true);
    expect(paymentSettled({ payment_status: 'waived', payment_options_id: null })).toBe(true);
    expect(paymentSettled({ payment_status: 'pending', payment_options_id: 3 })).toBe(true);
    expect(paymentSettled({ payment_status: 'pending', payment_options_id: 1 })).toBe(false);
    expect(paymentSettled({ payment_status: 'failed', payment_options_id: 1 })).toBe(false);
  });
});

describe('verification part', () => {
  it('requires PDPA, the confirmation and a signature (unless one is saved)', () => {
    expect(verificationErrors({ pdpa: false, confirmation: false, signature: null, hasSaved: false })).toEqual({
      pdpa: 'validation.pdpa_required',
      confirmation: 'validation.confirmation_required',
      signature: 'validation.signature_required',
    });
    expect(verificationErrors({ pdpa: true, confirmation: true, signature: null, hasSaved: true })).toEqual({});
    expect(
      verificationErrors({ pdpa: true, confirmation: true, signature: 'data:image/png;base64,x', hasSaved: false }),
    ).toEqual({});
  });
});

describe('property', () => {
  it('asks each movable property type for its own details', () => {
    expect(moveableDetailFields('vehicle')).toContain('transport_registration_number');
    expect(moveableDetailFields('insurance')).toEqual(['institution_name', 'policy_number']);
    expect(moveableDetailFields(null)).toEqual([]);
  });
  it('refuses a share that takes a property over the whole', () => {
    expect(newPortionError(['50%', '1/4'], '25%')).toBeNull();
    expect(newPortionError(['50%', '1/4'], '26%')).toBe('validation.share_total_over');
    expect(newPortionError(['1/3', '1/3'], '1/3')).toBeNull();
  });
});
