import { describe, expect, it } from 'vitest';
import { mantineClassesIn, withoutUnusedMantineRules } from './unused-mantine-css.ts';

describe('unused Mantine rules (ADR 0212)', () => {
  it('collects the Mantine classes the chunks name', () => {
    const used = mantineClassesIn(['var a={root:`m_77c9d27d`,inner:"m_80f1301b"};', 'x("m_77c9d27d m_811560b9")']);
    expect([...used].sort()).toEqual(['m_77c9d27d', 'm_80f1301b', 'm_811560b9']);
  });

  it('drops the selectors of classes no chunk names, and keeps everything else as it was', () => {
    const css = [
      ':root{--mantine-scale:1}',
      'body{margin:0}',
      '.m_77c9d27d{color:red}',
      '.m_deadbeef{color:blue}',
      '.m_deadbeef,.m_77c9d27d:where([data-loading]){opacity:.5}',
      '.m_77c9d27d .m_deadbeef{margin:0}',
      '@media (max-width:48em){.m_deadbeef{display:none}}',
      '@media (max-width:48em){.m_77c9d27d{display:block}}',
      '@keyframes m_deadbeef{0%{opacity:0}to{opacity:1}}',
      '[data-mantine-color-scheme=dark] .wasiat-list{color:#fff}',
    ].join('');
    const { css: out, dropped } = withoutUnusedMantineRules(css, new Set(['m_77c9d27d']));
    expect(out).toBe(
      [
        ':root{--mantine-scale:1}',
        'body{margin:0}',
        '.m_77c9d27d{color:red}',
        '.m_77c9d27d:where([data-loading]){opacity:.5}',
        '@media (max-width:48em){.m_77c9d27d{display:block}}',
        '@keyframes m_deadbeef{0%{opacity:0}to{opacity:1}}',
        '[data-mantine-color-scheme=dark] .wasiat-list{color:#fff}',
      ].join(''),
    );
    expect(dropped).toBe(3);
  });

  it('keeps a stylesheet whose classes are all used byte for byte', () => {
    const css = '.m_77c9d27d{color:red}@supports (display:grid){.m_77c9d27d{display:grid}}';
    expect(withoutUnusedMantineRules(css, new Set(['m_77c9d27d']))).toEqual({ css, dropped: 0 });
  });
});
