/**
 * The app's stylesheet without the Mantine rules no page can use (issue 18 item 4; ADR 0212).
 *
 * `@mantine/core/styles.css` holds every component's rules: 250 kB (29.6 kB brotli) that every first load
 * downloads before its first paint, and whose selectors the browser matches on every style recalculation. Mantine
 * names a component's classes `m_` and eight hex digits, and the component's JavaScript holds those names as
 * literals, so a class that no chunk of the build contains belongs to a component the app never renders. This
 * plugin drops the selectors that name such a class (and a rule left without selectors), from the stylesheet
 * index.html links, after the bundle is written: ~30% of the bytes. Every other selector (elements, attributes,
 * `:root` variables, the app's own classes, keyframes) is kept as it was.
 *
 * The trimmed stylesheet gets a new file name from its own content: the name it had came from the whole
 * stylesheet, and the same name must never serve two contents under `immutable` caching. index.html (served
 * `no-cache`) is the one file that names it; the build fails if a chunk names it too.
 */
import { createHash } from 'node:crypto';
import postcss from 'postcss';
import type { Plugin, Rolldown } from 'vite';

/** A Mantine component class (`m_` + 8 hex digits), as the CSS and the components' JavaScript spell it. */
const MANTINE_CLASS = /m_[0-9a-f]{8}/g;

/**
 * The Mantine classes a set of JavaScript sources name.
 * @param sources the code of every chunk of the build
 */
export function mantineClassesIn(sources: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const code of sources) for (const m of code.matchAll(MANTINE_CLASS)) used.add(m[0]);
  return used;
}

/**
 * `css` without the selectors that name a Mantine class outside `used`; a rule left with no selector goes, and
 * so does an at-rule (`@media`, `@supports`) left empty. Keyframes are kept. The output keeps the input's
 * formatting (minified in, minified out).
 * @param css a stylesheet
 * @param used the Mantine classes some chunk names ({@link mantineClassesIn})
 * @returns the stylesheet and how many rules were dropped
 */
export function withoutUnusedMantineRules(css: string, used: ReadonlySet<string>): { css: string; dropped: number } {
  const root = postcss.parse(css);
  let dropped = 0;
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((s) => (s.match(MANTINE_CLASS) ?? []).every((c) => used.has(c)));
    if (kept.length === rule.selectors.length) return;
    if (kept.length > 0) {
      rule.selectors = kept;
      return;
    }
    // the rule goes, and so does every at-rule it leaves empty
    let parent: postcss.Container | undefined = rule.parent;
    rule.remove();
    dropped++;
    while (parent?.type === 'atrule' && parent.nodes?.length === 0) {
      const up = parent.parent as postcss.Container | undefined;
      parent.remove();
      parent = up;
    }
  });
  return { css: root.toString(), dropped };
}

/** The Vite plugin (build only); see the file comment. */
export function unusedMantineCss(): Plugin {
  return {
    name: 'wasiat:unused-mantine-css',
    apply: 'build',
    // After index.html is written (Vite's html plugin), before the assets are compressed (vite.config.ts).
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('unused-mantine-css: index.html is not in the bundle');
      let page = String(html.source);
      const chunks = Object.values(bundle).filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
      const used = mantineClassesIn(chunks.map((c) => c.code));
      const linked = [...page.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1] as string);
      for (const oldName of linked) {
        const asset = bundle[oldName];
        if (asset?.type !== 'asset') continue;
        const source = String(asset.source);
        if (source.search(MANTINE_CLASS) < 0) continue;
        if (chunks.some((c) => c.code.includes(oldName)))
          throw new Error(`unused-mantine-css: a chunk names ${oldName}; only index.html may (see the file comment)`);
        const { css } = withoutUnusedMantineRules(source, used);
        const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8).replace(/[-_]/g, 'x');
        const newName = oldName.replace(/-[^-/]+\.css$/, `-${hash}.css`);
        delete bundle[oldName];
        this.emitFile({ type: 'asset', fileName: newName, source: css });
        page = page.replaceAll(`/${oldName}`, `/${newName}`);
      }
      html.source = page;
    },
  };
}
