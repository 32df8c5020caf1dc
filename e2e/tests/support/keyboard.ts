/**
 * Keyboard-only actions for journeys that never use the mouse (issue 22 item 1; WCAG 2.1.1 Keyboard): every
 * step is a key press — Tab / Shift+Tab to move, Enter / Space to press, arrow keys in lists and radio groups,
 * typing into fields. Locators are used only to SEE where focus is (as a sighted keyboard user sees the focus
 * ring) and to check results, never to act: no `.click()`, `.fill()`, `.check()` or mouse here.
 *
 * `tabTo` moves focus to an element by Tab (forward, or Shift+Tab when the element comes earlier in the
 * document), failing with the path it took when the element is not reachable — the finding this suite exists
 * to make.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** What has focus, for messages: tag, role, accessible-ish name. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const name =
      el.getAttribute('aria-label') ||
      (el as HTMLInputElement).labels?.[0]?.textContent ||
      el.textContent ||
      el.getAttribute('name') ||
      '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name.trim().slice(0, 40)}"`;
  });
}

/** Whether `target` is the focused element. */
const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Press Tab (or Shift+Tab when `target` lies before the focused element) until `target` has focus; at most
 * `max` presses. Fails naming the stops passed when it never gets there.
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await target.waitFor({ state: 'visible' });
  if (await hasFocus(target)) return;
  const before = await target.evaluate((el) => {
    const a = document.activeElement;
    if (!a || a === document.body) return false;
    return Boolean(el.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  const key = before ? 'Shift+Tab' : 'Tab';
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await hasFocus(target)) return;
    path.push(await focused(page));
  }
  throw new Error(`${key} never reached ${target}; stops: ${path.slice(-25).join(' → ')}`);
}

/** Tab to a field and type `text` into it (anything already in it is selected first and replaced). */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tab to a button or link and press Enter. */
export async function press(page: Page, control: Locator): Promise<void> {
  await tabTo(page, control);
  await page.keyboard.press('Enter');
}

/** Tab to a checkbox and press Space to tick it. */
export async function tick(page: Page, checkbox: Locator): Promise<void> {
  await tabTo(page, checkbox);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
}

/**
 * A Mantine select (role combobox): Tab to it, ArrowDown opens the list, ArrowDown moves through the options
 * (the input's `aria-activedescendant` names the highlighted one, as a screen reader would say it) and Enter
 * picks `option`. After each ArrowDown it waits for the highlight to move: a key pressed while the list is
 * still opening moves nothing, and a repeat of the first option is a wrap-round only once others were seen.
 */
export async function choose(page: Page, input: Locator, option: string): Promise<void> {
  await tabTo(page, input);
  const seen: string[] = [];
  let last = await input.getAttribute('aria-activedescendant');
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('ArrowDown');
    const moved = await expect
      .poll(() => input.getAttribute('aria-activedescendant'), { timeout: 1_000 })
      .not.toBe(last)
      .then(
        () => true,
        () => false,
      );
    if (!moved) continue; // the list was still opening: press again
    const active = await input.getAttribute('aria-activedescendant');
    last = active;
    const text = active ? ((await page.locator(`[id="${active}"]`).textContent()) ?? '').trim() : '';
    if (text === option) {
      await page.keyboard.press('Enter');
      await expect(input).toHaveValue(option);
      return;
    }
    if (seen.length > 1 && text === seen[0]) break; // the list wrapped round
    if (text) seen.push(text);
  }
  throw new Error(`option "${option}" not reached by ArrowDown in ${input}; seen: ${seen.join(', ')}`);
}

/**
 * A radio of a group (native radios or a segmented control): Tab into the group (its one tab stop), then
 * ArrowDown / ArrowRight until `radio` is checked.
 */
export async function pickRadio(page: Page, radio: Locator): Promise<void> {
  const name = await radio.getAttribute('name');
  const inGroup = () =>
    page.evaluate((n) => {
      const a = document.activeElement as HTMLInputElement | null;
      return !!a && a.type === 'radio' && a.name === n;
    }, name);
  for (let i = 0; i < 80 && !(await inGroup()); i++) await page.keyboard.press('Tab');
  expect(await inGroup(), `Tab reached the radio group of ${radio}`).toBe(true);
  for (let i = 0; i < 12 && !(await radio.isChecked()); i++) {
    // On the wanted radio but not checked (a group with none checked yet): Space checks it.
    await page.keyboard.press((await hasFocus(radio)) ? 'Space' : 'ArrowRight');
  }
  await expect(radio).toBeChecked();
  await expect(radio).toBeFocused();
}

/**
 * A native file input: Tab to it and press Space, which opens the file chooser; the file is chosen there
 * (the operating system's dialog is outside the page).
 */
export async function chooseFile(page: Page, input: Locator, file: string): Promise<void> {
  // A person whose key press opened nothing (focus lost to a re-render, or the press came before the page
  // was ready) goes back to the field and presses again; a third miss fails the test.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!(await hasFocus(input))) await tabTo(page, input);
    const chooser = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => null);
    await page.keyboard.press('Space');
    const opened = await chooser;
    if (opened) return opened.setFiles(file);
  }
  throw new Error(`Space on ${input} opened no file chooser in three tries`);
}
