import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../shared/schemas/auth';

/**
 * Form state checked by a shared zod schema: one error per field, shown under the field and cleared as
 * soon as that field is edited.
 */
export function useForm<V extends Record<string, string>, O>(schema: z.ZodType<O, V>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setField = useCallback((key: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  }, []);

  /** Checks the values; returns the parsed values, or null after showing the errors. */
  const validate = useCallback((): O | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldErrors(result.error));
    return null;
  }, [schema, values]);

  /** The props that wire a TextField to one field: name, value, error and change handler. */
  const field = (key: keyof V & string) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (value: string) => setField(key, value),
  });

  return { values, errors, setField, setErrors, validate, setValues, field };
}
