import { describe, expect, it } from 'vitest';
import { pricingSchema, ringgitToSen } from './validation/organisations.ts';

describe('ringgit to sen (ADR 0136)', () => {
  it('converts exactly, never rounds', () => {
    expect(ringgitToSen(150)).toBe(15000);
    expect(ringgitToSen('180.5')).toBe(18050);
    expect(ringgitToSen(' 20.10 ')).toBe(2010);
    expect(ringgitToSen(79.9)).toBe(7990);
    expect(ringgitToSen('')).toBeUndefined();
    expect(ringgitToSen('null')).toBeUndefined();
    expect(ringgitToSen('10.005')).toBeNaN();
    expect(ringgitToSen(0.1 + 0.2)).toBeNaN();
    expect(ringgitToSen('-5')).toBeNaN();
  });
  it('reads a 2021 pricing body into sen keys and checks the shares against the price', () => {
    const ok = pricingSchema.safeParse({
      organization_id: 'o1',
      product: 'Wasiat',
      price: 150,
      awaris_share: '50.00',
      organization_share: 80,
      prooffice_share: 20,
      amendment_price: 50,
      amendment_prooffice_share: 10,
      awaris_percentage: 33.33,
    });
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({
      plan: 'basic',
      price_sen: 15000,
      provider_share_sen: 5000,
      organisation_share_sen: 8000,
      platform_share_sen: 2000,
      amendment_price_sen: 5000,
      amendment_platform_share_sen: 1000,
    });
    const over = pricingSchema.safeParse({ organization_id: 'o1', product: 'Wasiat', price: 10, awaris_share: 11 });
    expect(over.success).toBe(false);
    const hibah = pricingSchema.safeParse({ organization_id: 'o1', product: 'Hibah', price: 10 });
    expect(hibah.success).toBe(false);
    // our own sen keys win over the 2021 ringgit keys
    const ours = pricingSchema.safeParse({ organization_id: 'o1', product: 'Wasiat', price_sen: 1234, price: 99 });
    expect(ours.data?.price_sen).toBe(1234);
  });
});
