/**
 * The MyKad number input (12 digits, spec §3; DESIGN.md §7): a Mantine `TextInput` with `inputMode="numeric"` and
 * `maxLength={12}` that accepts a MyKad pasted as it is printed or written — "900101-14-5678", "900101 14 5678" —
 * by removing dashes and spaces BEFORE the 12-character limit applies (the browser would otherwise cut the pasted
 * text to "900101-14-56" silently; issue 37 item 6.6). Typing is unchanged; other characters are left for the
 * schema to refuse (`validation.numeric`).
 *
 * Works both controlled (`value`/`onChange`) and registered with react-hook-form (`{...register('ic_number')}`):
 * the cleaned text is set through the input's native value setter and an `input` event, so React's `onChange`
 * fires as for typing. Any other prop goes to `TextInput`.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import type { ClipboardEvent, Ref } from 'react';

/** Digits of a MyKad number: at most 12 characters. */
const MYKAD_LENGTH = 12;

/** A MyKad number without the dashes and spaces it is often written with ("900101-14-5678" → "900101145678"). */
const stripMykadSeparators = (text: string) => text.replace(/[\s\-‐‑–—]/g, '');

/** Put `value` into `input` as typing would (React's value tracker sees the change and calls `onChange`). */
function setInputValue(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A paste into a MyKad input: separators removed, then the 12-character limit (see the module comment). */
function pasteMykad(e: ClipboardEvent<HTMLInputElement>) {
  const pasted = e.clipboardData.getData('text');
  const clean = stripMykadSeparators(pasted);
  if (clean === pasted) return; // the browser's own paste (and maxLength) does the right thing
  e.preventDefault();
  const input = e.currentTarget;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const next = (input.value.slice(0, start) + clean + input.value.slice(end)).slice(0, MYKAD_LENGTH);
  setInputValue(input, next);
  const caret = Math.min(start + clean.length, next.length);
  input.setSelectionRange?.(caret, caret);
}

/** The MyKad input; see the module comment. */
export function MykadInput({ onPaste, ref, ...props }: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      {...props}
      ref={ref}
      maxLength={MYKAD_LENGTH}
      onPaste={(e) => {
        onPaste?.(e);
        if (!e.defaultPrevented) pasteMykad(e);
      }}
    />
  );
}
