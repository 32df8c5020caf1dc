/**
 * What a phone shows when the app's code could not be loaded at start (a dropped connection while the first load's
 * chunks come in; ADR 0205): a short message in both languages, as an alert, with a link that loads the page again,
 * instead of a blank page. It is written with the DOM alone: the code that failed may be React's or the messages'.
 * The words are here, in Malay and English, for that reason (the message catalogue is one of the chunks that may
 * not have come). It covers the stages main.tsx imports; a failure of the entry's own chunks leaves no code to
 * run it (the browser's own error page is all there is then).
 */

/** The message, Malay first (spec §1: `ms` is the default language), then English. */
export const BOOT_FAILURE = {
  ms: { text: 'Halaman ini tidak dapat dimuatkan. Semak sambungan internet anda.', action: 'Muat semula' },
  en: { text: 'This page could not be loaded. Check your internet connection.', action: 'Reload' },
} as const;

/**
 * Replace what `root` holds with the message and a "reload" link per language (each link reloads the page).
 * @param root the app's element (`#root`)
 * @param reload what a link does (the page's own reload; a test passes a spy)
 */
export function showBootFailure(root: HTMLElement, reload: () => void = () => window.location.reload()): void {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'max-width:40rem;margin:2rem auto;padding:0 1rem;font-family:system-ui,sans-serif;line-height:1.5';
  for (const lang of ['ms', 'en'] as const) {
    const p = document.createElement('p');
    p.lang = lang;
    p.append(`${BOOT_FAILURE[lang].text} `);
    const a = document.createElement('a');
    a.href = window.location.href;
    a.textContent = BOOT_FAILURE[lang].action;
    a.addEventListener('click', (e) => {
      e.preventDefault();
      reload();
    });
    p.append(a);
    box.append(p);
  }
  root.replaceChildren(box);
}
