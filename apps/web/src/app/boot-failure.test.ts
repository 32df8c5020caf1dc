import { describe, expect, it, vi } from 'vitest';
import { BOOT_FAILURE, showBootFailure } from './boot-failure.ts';

describe('showBootFailure', () => {
  it('replaces the root with an alert in Malay and English whose links reload the page', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>half-rendered</p>';
    document.body.append(root);
    const reload = vi.fn();
    showBootFailure(root, reload);
    const alert = root.querySelector('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(root.textContent).not.toContain('half-rendered');
    const paragraphs = [...root.querySelectorAll('p')];
    expect(paragraphs.map((p) => p.lang)).toEqual(['ms', 'en']);
    expect(paragraphs[0].textContent).toContain(BOOT_FAILURE.ms.text);
    expect(paragraphs[1].textContent).toContain(BOOT_FAILURE.en.text);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['Muat semula', 'Reload']);
    links[1].click();
    expect(reload).toHaveBeenCalledOnce();
    root.remove();
  });
});
