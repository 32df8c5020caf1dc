import { MESSAGES } from '@wasiat/domain';
import { describe, expect, it } from 'vitest';
import i18n from './i18n.ts';

describe('i18n resources', () => {
  it('keeps the server messages of a namespace that the web also uses (deep merge)', async () => {
    await i18n.changeLanguage('ms');
    const server = (MESSAGES.ms.wills as Record<string, string>).part_locked;
    expect(i18n.t('wills.part_locked')).toBe(server);
    expect(i18n.t('wills.edit')).not.toBe('wills.edit');
  });
  it('switches to English and falls back to Malay', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('validation.email_invalid')).toBe('You have entered an invalid email address!');
    await i18n.changeLanguage('ms');
    expect(i18n.t('validation.email_invalid')).toBe('Alamat e-mel yang anda masukkan tidak sah!');
  });
});
