import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLanguage } from '../lib/i18n.ts';

afterEach(() => cleanup());

// Both languages' messages, as a page load has them once the language in use is fetched (lib/i18n.ts).
await Promise.all([loadLanguage('ms'), loadLanguage('en')]);
