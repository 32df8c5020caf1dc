/**
 * A signature drawing pad (spec §5 "A signature is required before submitting"; spec §2 /signature,
 * /profile/signature; wills part F and witnesses reuse it).
 *
 * Wraps the `signature_pad` package on a `<canvas>`:
 * - a visible label (linked to the canvas with `aria-labelledby`), an optional description and an error
 *   (linked with `aria-describedby`; the canvas gets `aria-invalid`), and a "Clear" button with text;
 * - `onChange(dataUrl)` is called with a PNG data URL (`data:image/png;base64,…`) after every stroke, and
 *   with `null` when the pad is cleared, so a form can keep the value and send it as
 *   `{ is_base64: true, document: dataUrl }` (docs/api/wills.md);
 * - the canvas is sized for the device pixel ratio and keeps the drawing when the window is resized;
 * - `ref` exposes `clear()`, `isEmpty()` and `toDataURL()`.
 *
 * @example
 * const [sig, setSig] = useState<string | null>(null);
 * <SignaturePad label={t('…')} required error={err} onChange={setSig} />
 */
import { Box, Button, Group, Input } from '@mantine/core';
import { type Ref, useEffect, useId, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePadLib from 'signature_pad';

/** What the parent can do with the pad through `ref`. */
export interface SignaturePadHandle {
  clear(): void;
  isEmpty(): boolean;
  /** PNG data URL, or null when nothing is drawn. */
  toDataURL(): string | null;
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
  /** Called with a PNG data URL after each stroke, `null` after Clear. */
  onChange?: (dataUrl: string | null) => void;
  /** Text of the clear button (default "Padam"/"Clear"). */
  clearLabel?: string;
  disabled?: boolean;
  ref?: Ref<SignaturePadHandle>;
}

/** The signature pad: label, canvas, Clear button; returns a PNG data URL via `onChange`. */
export function SignaturePad({
  label,
  description,
  error,
  required,
  height = 200,
  onChange,
  clearLabel,
  disabled,
  ref,
}: SignaturePadProps) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

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
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length) pad.fromData(data);
    };
    resize();
    const onEnd = () => onChangeRef.current?.(pad.isEmpty() ? null : pad.toDataURL('image/png'));
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

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current?.(null);
  };

  useImperativeHandle(ref, () => ({
    clear,
    isEmpty: () => padRef.current?.isEmpty() ?? true,
    toDataURL: () => (padRef.current && !padRef.current.isEmpty() ? padRef.current.toDataURL('image/png') : null),
  }));

  const labelId = `${id}-label`;
  const descId = `${id}-description`;
  const errorId = `${id}-error`;
  return (
    <Box>
      <Input.Label id={labelId} labelElement="div" required={required}>
        {label}
      </Input.Label>
      <Input.Description id={descId} mb={4}>
        {description ?? t('components.signature_pad.description')}
      </Input.Description>
      <Box
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-5)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: '#fff',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={error ? `${descId} ${errorId}` : descId}
          aria-invalid={error ? true : undefined}
          data-testid="signature-canvas"
          style={{ width: '100%', height, display: 'block', touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
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
