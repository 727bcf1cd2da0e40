// Form state checked with the contract's schemas, so the form refuses what the server refuses, in the same words.
import { useState } from 'react';
import type { Struct } from 'superstruct';
import { check, type FieldErrors } from '../../contract/validation';

export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (name: keyof T) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name as string]: '' }));
  };
  /** Checks `input` with `schema` (plus extra rules); returns the coerced value or null after showing errors. */
  // biome-ignore lint/suspicious/noExplicitAny: any struct
  const validate = <S extends Struct<any, any>>(schema: S, input: unknown, extra: FieldErrors = {}) => {
    const result = check(schema, input);
    const found = {
      ...(result.ok ? {} : result.errors),
      ...Object.fromEntries(Object.entries(extra).filter(([, m]) => m)),
    };
    setErrors(found);
    return result.ok && Object.keys(found).length === 0 ? result.value : null;
  };
  return { values, errors, set, validate, setErrors };
}
