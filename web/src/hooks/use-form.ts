import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod/mini';
import { fieldErrors } from '@shared/field-errors';

type Schema<V, O> = z.ZodMiniType<O, V>;

const LOAD_FAILED = 'The page could not load everything it needs. Check your connection and try again.';

/**
 * Form state checked by a shared zod schema: one error per field, shown under the field and cleared as
 * soon as that field is edited. The schema comes from a loader (a dynamic import) called when the first
 * field is edited or at submit, so zod is no part of the JavaScript a first page waits for.
 */
export function useForm<V extends Record<string, string>, O>(loadSchema: () => Promise<Schema<V, O>>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const schema = useRef<Promise<Schema<V, O>> | null>(null);
  const loader = useRef(loadSchema);
  loader.current = loadSchema;

  const load = useCallback(
    () =>
      (schema.current ??= loader.current().catch((err: unknown) => {
        schema.current = null; // tried again at the next edit or submit
        throw err;
      })),
    [],
  );

  const setField = useCallback(
    (key: keyof V & string, value: string) => {
      void load().catch(() => {}); // reported at submit
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => {
        if (!(key in e)) return e;
        const next = { ...e };
        delete next[key];
        return next;
      });
    },
    [load],
  );

  /** Checks the values; resolves to the parsed values, or null after showing the errors ('_': the form's own). */
  const validate = useCallback(async (): Promise<O | null> => {
    let loaded: Schema<V, O>;
    try {
      loaded = await load();
    } catch {
      setErrors({ _: LOAD_FAILED });
      return null;
    }
    const result = loaded.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldErrors(result.error));
    return null;
  }, [load, values]);

  /** The props that wire a TextField to one field: name, value, error and change handler. */
  const field = (key: keyof V & string) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (value: string) => setField(key, value),
  });

  return { values, errors, setField, setErrors, validate, setValues, field };
}
