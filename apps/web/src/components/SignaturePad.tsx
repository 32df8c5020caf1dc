/**
 * A signature pad with two ways to sign (spec §5 "A signature is required before submitting"; spec §2
 * /signature, /profile/signature; wills part F/G, hibah and amendments reuse it; ADR 0123):
 * - **Lukis / Draw** — the `signature_pad` package on a `<canvas>` (mouse, finger or pen). The canvas takes
 *   keyboard focus, is labelled (`aria-labelledby`) and described with keyboard instructions: Enter or Space
 *   on it switches to typing, since a drawing cannot be made with keys;
 * - **Taip / Type** — the signer types their name; it is rendered in a script font shipped with the app
 *   (`@fontsource/dancing-script`, SIL OFL) into a PNG of the same kind as the pad's (white background, dark
 *   ink), previewed as an image with the name as its text alternative.
 * Both give the same value with the same legal weight; the server records which method was used.
 *
 * - `onChange(dataUrl, method)` is called with a PNG data URL (`data:image/png;base64,…`) after every stroke
 *   or name change, and with `null` when emptied, so a form can send
 *   `{ is_base64: true, document: dataUrl, signature_method: method }` (docs/api/wills.md);
 * - a visible label, an optional description and an error (linked with `aria-describedby`; `aria-invalid`);
 * - the canvas is sized for the device pixel ratio and keeps the drawing when the window is resized;
 * - `ref` exposes `clear()`, `isEmpty()`, `toDataURL()` and `method()`;
 * - {@link useSignatureValue} keeps the value with its method for a form, so every signing request sends the
 *   method the signer used (`signature_method`, also when signing again) — never a `drawn` assumed.
 *
 * @example
 * const [sig, setSig] = useState<{ url: string; method: SignatureMethod } | null>(null);
 * <SignaturePad label={t('…')} typedName={name} required error={err} onChange={(url, method) => …} />
 */
import '@fontsource/dancing-script/400.css';
import { Box, Button, Group, Image, Input, SegmentedControl, Text, TextInput } from '@mantine/core';
import { type Ref, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePadLib from 'signature_pad';

/** How a signature was made (ADR 0123); the server's `signature_method`. */
export type SignatureMethod = 'drawn' | 'typed';

/** A signature as a form keeps it: the PNG data URL and how it was made (sent as `signature_method`). */
export interface SignatureValue {
  url: string;
  method: SignatureMethod;
}

/**
 * The pad's value for a form: `[value, onChange]` — pass `onChange` to the pad; `value` is null while the pad
 * is empty, else the PNG and its method, to send as `{ signature: value.url, signature_method: value.method }`.
 */
export function useSignatureValue() {
  const [value, setValue] = useState<SignatureValue | null>(null);
  const onChange = useCallback(
    (url: string | null, method: SignatureMethod) => setValue(url ? { url, method } : null),
    [],
  );
  return [value, onChange] as const;
}

/** What the parent can do with the pad through `ref`. */
export interface SignaturePadHandle {
  clear(): void;
  isEmpty(): boolean;
  /** PNG data URL, or null when nothing is drawn/typed. */
  toDataURL(): string | null;
  /** The method of the current value. */
  method(): SignatureMethod;
}

export interface SignaturePadProps {
  /** Visible label (required for accessibility). */
  label: string;
  /** Help text under the label; defaults to "draw with mouse, finger or pen". */
  description?: string;
  /** Error text (already translated); marks the pad invalid. */
  error?: string;
  required?: boolean;
  /** Canvas height in CSS pixels (default 200). */
  height?: number;
  /** Called with a PNG data URL and its method after each change, `null` when emptied. */
  onChange?: (dataUrl: string | null, method: SignatureMethod) => void;
  /** Text of the clear button (default "Padam"/"Clear"). */
  clearLabel?: string;
  /** The signer's name, prefilled when typing. */
  typedName?: string;
  disabled?: boolean;
  ref?: Ref<SignaturePadHandle>;
}

/** The script font of typed signatures (npm `@fontsource/dancing-script`). */
export const SIGNATURE_FONT = 'Dancing Script';
/** Size in CSS pixels of the PNG a typed signature is rendered into (the pad's default shape). */
const TYPED_WIDTH = 600;
const TYPED_HEIGHT = 200;

/**
 * Render `name` in the script font into a PNG data URL (white background, ink `rgb(20,20,20)`, the text
 * shrunk to fit, centred), or null when the name is blank or there is no 2D canvas.
 */
export async function renderTypedSignature(name: string): Promise<string | null> {
  const text = name.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  const canvas = document.createElement('canvas');
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  canvas.width = TYPED_WIDTH * ratio;
  canvas.height = TYPED_HEIGHT * ratio;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) return null;
  let size = 72;
  const font = (px: number) => `${px}px "${SIGNATURE_FONT}", cursive`;
  try {
    await document.fonts?.load(font(size), text);
  } catch {
    // the fallback cursive font still gives a readable signature
  }
  ctx.scale(ratio, ratio);
  ctx.fillStyle = 'rgb(255,255,255)';
  ctx.fillRect(0, 0, TYPED_WIDTH, TYPED_HEIGHT);
  ctx.font = font(size);
  while (size > 16 && ctx.measureText(text).width > TYPED_WIDTH - 48) {
    size -= 4;
    ctx.font = font(size);
  }
  ctx.fillStyle = 'rgb(20,20,20)';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, TYPED_WIDTH / 2, TYPED_HEIGHT / 2);
  return canvas.toDataURL('image/png');
}

/** The signature pad: label, Draw/Type choice, canvas or name field, Clear button (see the module comment). */
export function SignaturePad({
  label,
  description,
  error,
  required,
  height = 200,
  onChange,
  clearLabel,
  typedName,
  disabled,
  ref,
}: SignaturePadProps) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [mode, setMode] = useState<SignatureMethod>('drawn');
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const [name, setName] = useState(typedName ?? '');
  const [typedUrl, setTypedUrl] = useState<string | null>(null);
  const typedRef = useRef<string | null>(null);
  const renderSeq = useRef(0);
  const focusName = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let pad: SignaturePadLib;
    try {
      // White background so the PNG is readable on any document; dark pen for contrast.
      pad = new SignaturePadLib(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(20,20,20)' });
    } catch {
      return; // no 2D canvas (e.g. a test DOM): the pad stays inert
    }
    padRef.current = pad;
    const resize = () => {
      if (!canvas.offsetWidth) return; // hidden (typing): keep the drawing as it is
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length) pad.fromData(data);
    };
    resize();
    const onEnd = () => onChangeRef.current?.(pad.isEmpty() ? null : pad.toDataURL('image/png'), 'drawn');
    pad.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  // Typed: render the name (latest wins) and report it.
  useEffect(() => {
    if (mode !== 'typed') return;
    const seq = ++renderSeq.current;
    void renderTypedSignature(name).then((url) => {
      if (seq !== renderSeq.current || modeRef.current !== 'typed') return;
      typedRef.current = url;
      setTypedUrl(url);
      onChangeRef.current?.(url, 'typed');
    });
  }, [mode, name]);

  useEffect(() => {
    if (mode === 'typed' && focusName.current) {
      focusName.current = false;
      nameRef.current?.focus();
    }
    if (mode === 'drawn') {
      window.dispatchEvent(new Event('resize'));
      const pad = padRef.current;
      onChangeRef.current?.(pad && !pad.isEmpty() ? pad.toDataURL('image/png') : null, 'drawn');
    }
  }, [mode]);

  const clear = () => {
    if (modeRef.current === 'typed') {
      setName('');
      nameRef.current?.focus();
      return;
    }
    padRef.current?.clear();
    onChangeRef.current?.(null, 'drawn');
  };

  useImperativeHandle(ref, () => ({
    clear,
    isEmpty: () => (modeRef.current === 'typed' ? !typedRef.current : (padRef.current?.isEmpty() ?? true)),
    toDataURL: () => {
      if (modeRef.current === 'typed') return typedRef.current;
      return padRef.current && !padRef.current.isEmpty() ? padRef.current.toDataURL('image/png') : null;
    },
    method: () => modeRef.current,
  }));

  const labelId = `${id}-label`;
  const descId = `${id}-description`;
  const keysId = `${id}-keys`;
  const errorId = `${id}-error`;
  const described = (...ids: string[]) => [...ids, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} labelElement="div" required={required}>
        {label}
      </Input.Label>
      <Input.Description id={descId} mb={4}>
        {mode === 'typed'
          ? t('components.signature_pad.typed_description')
          : (description ?? t('components.signature_pad.description'))}
      </Input.Description>
      <SegmentedControl
        mb="xs"
        size="xs"
        value={mode}
        disabled={disabled}
        onChange={(v) => setMode(v as SignatureMethod)}
        aria-label={t('components.signature_pad.method')}
        data={[
          { value: 'drawn', label: t('components.signature_pad.draw') },
          { value: 'typed', label: t('components.signature_pad.type') },
        ]}
        data-testid="signature-method"
      />
      <Box
        hidden={mode !== 'drawn'}
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-6)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: '#fff',
        }}
      >
        <Text id={keysId} size="xs" c="dimmed" px="xs" pt={4}>
          {t('components.signature_pad.keyboard')}
        </Text>
        <canvas
          ref={canvasRef}
          role="img"
          tabIndex={disabled ? -1 : 0}
          aria-labelledby={labelId}
          aria-describedby={described(descId, keysId)}
          aria-invalid={error ? true : undefined}
          data-testid="signature-canvas"
          className="wasiat-focus-ring"
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              focusName.current = true;
              setMode('typed');
            }
          }}
          style={{ width: '100%', height, display: 'block', touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      {mode === 'typed' ? (
        <Box>
          <TextInput
            ref={nameRef}
            label={t('components.signature_pad.typed_name')}
            value={name}
            disabled={disabled}
            autoComplete="name"
            onChange={(e) => setName(e.currentTarget.value)}
            error={Boolean(error)}
            aria-describedby={described(descId)}
            data-testid="signature-typed-name"
          />
          <Box
            mt="xs"
            style={{
              border: '1px solid var(--mantine-color-gray-6)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: '#fff',
              minHeight: 80,
            }}
          >
            {typedUrl ? (
              <Image
                src={typedUrl}
                alt={t('components.signature_pad.typed_preview', { name: name.trim() })}
                fit="contain"
                mah={height}
                data-testid="signature-typed-preview"
              />
            ) : null}
          </Box>
        </Box>
      ) : null}
      {error ? (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      ) : null}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" size="xs" onClick={clear} disabled={disabled}>
          {clearLabel ?? t('components.signature_pad.clear')}
        </Button>
      </Group>
    </Box>
  );
}
