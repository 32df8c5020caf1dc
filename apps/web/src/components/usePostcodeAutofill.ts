/**
 * Postcode → city and state autofill for every address form (issue 17 item 14): when the person types a
 * 5-digit postcode different from the one the form opened with, the city and state are looked up with
 * `GET /api/postcode/{postcode}` (malaysia-postcodes data, our state names) and filled in; the person can
 * still correct them. An unknown postcode leaves what was typed alone; a failed lookup shows nothing
 * (the fields stay editable and required, so nothing is lost).
 */
import { useEffect, useRef } from 'react';
import { type Control, type FieldValues, type Path, type UseFormSetValue, useWatch } from 'react-hook-form';
import { publicApi } from '@/lib/api.ts';

/** The reply of `GET /api/postcode/{postcode}`. */
export interface PostcodeReply {
  postcode: { postcode: string; city: string; state: string } | null;
}

/**
 * Fill `city` and `state` (names within the form, e.g. `correspondence_city`) from `postcode` as it changes.
 * `names` defaults to `postcode`, `city`, `state`.
 */
export function usePostcodeAutofill<T extends FieldValues>(
  control: Control<T>,
  setValue: UseFormSetValue<T>,
  names: { postcode: Path<T>; city: Path<T>; state: Path<T> } = {
    postcode: 'postcode' as Path<T>,
    city: 'city' as Path<T>,
    state: 'state' as Path<T>,
  },
) {
  const code = useWatch({ control, name: names.postcode }) as unknown;
  const initial = useRef<unknown>(code);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    const text = typeof code === 'string' || typeof code === 'number' ? String(code).trim() : '';
    if (!/^\d{5}$/.test(text) || text === String(initial.current ?? '').trim() || text === asked.current) return;
    asked.current = text;
    let live = true;
    publicApi
      .get<PostcodeReply>(`/postcode/${text}`, undefined, { silent: true })
      .then((r) => {
        if (!live || !r.postcode) return;
        const opts = { shouldDirty: true, shouldValidate: true } as const;
        setValue(names.city, r.postcode.city as never, opts);
        setValue(names.state, r.postcode.state as never, opts);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code, setValue, names.city, names.state]);
}

/** The address groups of a form: every `<prefix>postcode` whose `<prefix>city` and `<prefix>state` exist too. */
export function addressGroups(fieldNames: readonly string[]): { postcode: string; city: string; state: string }[] {
  const set = new Set(fieldNames);
  return fieldNames
    .filter((n) => n.endsWith('postcode'))
    .map((p) => p.slice(0, -'postcode'.length))
    .filter((prefix) => set.has(`${prefix}city`) && set.has(`${prefix}state`))
    .map((prefix) => ({ postcode: `${prefix}postcode`, city: `${prefix}city`, state: `${prefix}state` }));
}

/** Renders nothing: fills one address group's city and state from its postcode (see {@link usePostcodeAutofill}). */
export function PostcodeAutofill<T extends FieldValues>({
  control,
  setValue,
  names,
}: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  names: { postcode: string; city: string; state: string };
}) {
  usePostcodeAutofill(control, setValue, names as { postcode: Path<T>; city: Path<T>; state: Path<T> });
  return null;
}
