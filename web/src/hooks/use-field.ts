import { useState } from 'react';

/**
 * One text field's value and its error, the error cleared as soon as the field is edited: `bind` goes on
 * the field's TextField (value, error, onChange).
 */
export function useField(initial = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const onChange = (next: string) => {
    setValue(next);
    setError(undefined);
  };
  return { value, setValue, error, setError, bind: { value, error, onChange } };
}
