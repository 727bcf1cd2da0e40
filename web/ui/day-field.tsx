// A labelled calendar day (react-aria DateField, French segments jj/mm/aaaa) whose value is the
// 'yyyy-MM-dd' text the contract's schemas read, '' while empty or incomplete; its error under it.
import { parseDate } from '@internationalized/date';
import { DateField, DateInput, FieldError, Label } from 'react-aria-components';
import { dateSegment } from './date-segment';
import { dayInput } from './day-field.css';
import * as css from './theme.css';

/** The picker's value of a 'yyyy-MM-dd' text, or null when it is not a whole day. */
function toDate(day: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  try {
    return parseDate(day);
  } catch {
    return null;
  }
}

export function DayField({
  label,
  name,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  return (
    <DateField
      className={css.field}
      value={toDate(value)}
      onChange={(date) => onChange(date ? date.toString() : '')}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      autoFocus={autoFocus}
      granularity="day"
      name={name}
    >
      <Label className={css.label}>{label}</Label>
      <DateInput className={dayInput}>{dateSegment}</DateInput>
      <FieldError className={css.fieldError}>{error}</FieldError>
    </DateField>
  );
}
