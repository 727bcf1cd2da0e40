// Form state of every form (sign-in screens, password changes, the edit dialogs): values, the errors
// under the fields, checked with the contract's schemas so the form refuses what the server refuses,
// in the same words. `field(name)` binds an input: `<TextInput label="Nom" {...form.field('lastName')} />`.
import { useState } from 'react';
import type { Struct } from 'superstruct';
import { check, type FieldErrors } from '../../contract/validation';

/**
 * After the errors render, puts the focus on the first field marked invalid, in the order of the form, so
 * that a keyboard or screen reader user lands on what to fix (its message is its description).
 */
export function focusFirstInvalid(scope: ParentNode): void {
  setTimeout(() => scope.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

export function useForm<T extends Record<string, unknown>>(
  initial: T,
  /** Values that follow another one (e.g. no de-icing airports without de-icing). */
  derive: (next: T, changed: keyof T) => T = (next) => next,
) {
  const [values, setValues] = useState(initial);
  const [errors, setFieldErrors] = useState<FieldErrors>({});
  /** Shows `found` under the fields; when there are some, the first invalid field takes the focus. */
  const setErrors = (found: FieldErrors | ((current: FieldErrors) => FieldErrors)) => {
    setFieldErrors(found);
    if (typeof found === 'object' && Object.values(found).some(Boolean))
      focusFirstInvalid(document.activeElement?.closest('form') ?? document);
  };
  const set =
    <K extends keyof T>(name: K) =>
    (value: T[K]) => {
      setValues((v) => derive({ ...v, [name]: value }, name));
      setFieldErrors((e) => ({ ...e, [name as string]: '' }));
    };
  const field = <K extends keyof T & string>(name: K) => ({
    name,
    value: values[name],
    onChange: set(name),
    error: errors[name],
  });
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
  return { values, errors, set, field, validate, setValues, setErrors };
}
