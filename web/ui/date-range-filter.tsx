// The 'Période' filter (requirements §2, §5): a French date-range picker from 2023-01-01 to today, dd/MM/yyyy,
// month and year dropdowns, clearable; it reports a range only when both dates are chosen and right, and
// says under itself what is wrong with the dates typed (reversed, too early, too late, the screen's rule).
import { getLocalTimeZone, parseDate, today } from '@internationalized/date';
import { memo, useCallback, useContext, useLayoutEffect, useRef, useState } from 'react';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
  RangeCalendar,
  type RangeCalendarState,
  RangeCalendarStateContext,
} from 'react-aria-components';
import * as ui from './date-range-filter.css';
import { deferredDateSegment } from './date-segment';
import { useDeferredMount } from './deferred-mount';
import { CalendarIcon, CloseIcon } from './icons';
import * as popoverUi from './popover.css';
import * as css from './theme.css';

export const MIN_DAY = '2023-01-01';
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

export interface DayRange {
  startDate: string;
  endDate: string;
}

function MonthYear() {
  const state = useContext(RangeCalendarStateContext) as RangeCalendarState | null;
  if (!state) return null;
  const focused = state.focusedDate;
  const max = today(getLocalTimeZone());
  const years: number[] = [];
  for (let y = 2023; y <= max.year; y++) years.push(y);
  return (
    <div style={{ display: 'flex', gap: 6 }}>
      <select
        aria-label="Mois"
        className={css.input}
        value={focused.month}
        onChange={(e) => state.setFocusedDate(focused.set({ month: Number(e.target.value) }))}
      >
        {MONTHS.map((m, i) => (
          <option key={m} value={i + 1}>
            {m}
          </option>
        ))}
      </select>
      <select
        aria-label="Année"
        className={css.input}
        value={focused.year}
        onChange={(e) => state.setFocusedDate(focused.set({ year: Number(e.target.value) }))}
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Said under the period, over what follows it: the toolbar does not move (requirements §5 says it in English). */
export const DATE_INVALID = 'Date non valide.';

/**
 * What the field says is wrong with the dates typed, under itself (docs/decisions/062): on one line no
 * wider than the field, which may stand at the right edge of the page.
 */
export const PERIOD_FIELD_MESSAGES = {
  order: 'La date de début doit précéder la date de fin',
  tooEarly: 'La date ne peut précéder le 01/01/2023',
  tooLate: 'La date ne peut dépasser aujourd’hui',
} as const;

/** A screen's own rule for a whole period (pilots and fleet: at most 36 months): its French message, or null. */
export type PeriodCheck = (range: DayRange) => string | null;

/**
 * What the period field reports: a whole, right period; or null, with `problem` saying what is wrong when
 * the dates typed are (the field shows it), without when there is no period (cleared, or being typed).
 */
export type PeriodChange = (range: DayRange | null, problem?: string) => void;

/** What is wrong with a whole range of the field, or null. */
function rangeProblem(range: DayRange, min: string, max: string, check?: PeriodCheck): string | null {
  if (range.startDate > range.endDate) return PERIOD_FIELD_MESSAGES.order;
  if (range.startDate < min) return PERIOD_FIELD_MESSAGES.tooEarly;
  if (range.endDate > max) return PERIOD_FIELD_MESSAGES.tooLate;
  return check?.(range) ?? null;
}

/**
 * The period field. Its parent re-renders it whenever the parent renders (a list's answer, a keystroke in
 * the search box, the hospitals' names arriving), usually with a new `onChange`; react-aria's picker costs
 * about as much to render again as to mount (its state, formatters and segments are computed afresh), so
 * the picker itself renders only when what it shows changes: it calls the latest `onChange` through a
 * callback that stays the same (docs/decisions/053). Its mount is the costliest part of a screen's first
 * render: the field first draws an outline of itself, the picker comes a task later, then each of its two
 * dates, then each of their spin buttons, a task apart (docs/decisions/055, 056).
 */
export function DateRangeFilter({
  onChange,
  defaultRange,
  check,
}: {
  onChange: PeriodChange;
  /** The period shown at first (a screen whose list starts filtered); none by default. */
  defaultRange?: DayRange;
  /** The screen's own rule for a whole period, beyond order and the allowed days (a stable function). */
  check?: PeriodCheck;
}) {
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  const report = useCallback<PeriodChange>(
    (range, problem) => (problem ? latest.current(range, problem) : latest.current(range)),
    [],
  );
  const mounted = useDeferredMount();
  if (!mounted) return <PeriodOutline startDate={defaultRange?.startDate} endDate={defaultRange?.endDate} />;
  return (
    <PeriodPicker
      onChange={report}
      startDate={defaultRange?.startDate}
      endDate={defaultRange?.endDate}
      check={check}
    />
  );
}

/**
 * The field's message: the range's own problem (the `validate` above) when it is whole; else, for a date
 * typed alone, before the first day or after today; null when nothing is wrong.
 */
function fieldMessage(details: ValidityState, errors: string[]): string | null {
  if (details.valid) return null;
  if (details.customError && errors[0]) return errors[0];
  if (details.rangeUnderflow && !details.rangeOverflow) return PERIOD_FIELD_MESSAGES.tooEarly;
  if (details.rangeOverflow && !details.rangeUnderflow) return PERIOD_FIELD_MESSAGES.tooLate;
  return DATE_INVALID;
}

/**
 * One date of an outline, as its field draws it: the day, month and year, or their French placeholders;
 * hidden from assistive technologies, like every outline.
 */
function OutlineDate({ day }: { day?: string }) {
  const [year, month, date] = day?.split('-') ?? [];
  const part = (text: string | undefined, placeholder: string) => (
    <span className={ui.segment} data-placeholder={text ? undefined : true}>
      {text ?? placeholder}
    </span>
  );
  return (
    <div className={ui.dateInput} aria-hidden="true" data-date-outline="">
      {part(date, 'jj')}
      <span className={ui.segment}>/</span>
      {part(month, 'mm')}
      <span className={ui.segment}>/</span>
      {part(year, 'aaaa')}
    </div>
  );
}

/**
 * What the period shows until its picker is drawn: the same boxes, text and buttons, inert and hidden from
 * assistive technologies; the picker takes its place a task later.
 */
function PeriodOutline({ startDate, endDate }: { startDate?: string; endDate?: string }) {
  return (
    <div className={`${css.field} ${ui.picker}`} inert aria-hidden="true" data-period-outline="">
      <span className={css.label}>Période</span>
      <div className={ui.dateGroup}>
        <OutlineDate day={startDate} />
        <span>–</span>
        <OutlineDate day={endDate} />
        <button type="button" tabIndex={-1} className={css.button.ghost}>
          <CalendarIcon />
        </button>
        {startDate && endDate && (
          <button type="button" tabIndex={-1} className={css.button.ghost}>
            <CloseIcon />
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * One date of the picker: its outline (hidden) until its turn, then react-aria's field, whose spin buttons
 * come each a task later (docs/decisions/056). Each of the two fields sets up its own date state and
 * formatters: drawn apart from the picker and from each other, none of the three makes a long task.
 */
function DeferredDateInput({ slot, day }: { slot: 'start' | 'end'; day?: string }) {
  const mounted = useDeferredMount();
  if (!mounted) return <OutlineDate day={day} />;
  return (
    <DateInput slot={slot} className={ui.dateInput}>
      {deferredDateSegment}
    </DateInput>
  );
}

/** The picker of DateRangeFilter, rendered again only when its props change (they seldom do). */
const PeriodPicker = memo(function PeriodPicker({
  onChange,
  startDate,
  endDate,
  check,
}: {
  onChange: PeriodChange;
  startDate?: string;
  endDate?: string;
  check?: PeriodCheck;
}) {
  const [value, setValue] = useState<{
    start: ReturnType<typeof parseDate>;
    end: ReturnType<typeof parseDate>;
  } | null>(() => (startDate && endDate ? { start: parseDate(startDate), end: parseDate(endDate) } : null));
  const max = today(getLocalTimeZone());
  const min = parseDate(MIN_DAY);
  const problemOf = (range: { start: { toString(): string }; end: { toString(): string } }) =>
    rangeProblem(
      { startDate: range.start.toString(), endDate: range.end.toString() },
      MIN_DAY,
      max.toString(),
      check,
    );
  return (
    <DateRangePicker
      className={`${css.field} ${ui.picker}`}
      value={value}
      minValue={min}
      maxValue={max}
      validationBehavior="aria"
      // A whole range: what is wrong with it, said by FieldError below (react-aria's own wording follows
      // the browser's language, not the page's).
      validate={(range) => (range?.start && range.end ? problemOf(range) : null)}
      onChange={(range) => {
        setValue(range as typeof value);
        // Only a whole, right range is reported; a wrong one is reported with what is wrong with it.
        if (!range?.start || !range.end) return onChange(null);
        const problem = problemOf(range);
        if (problem) return onChange(null, problem);
        onChange({ startDate: range.start.toString(), endDate: range.end.toString() });
      }}
    >
      <Label className={css.label}>Période</Label>
      <Group className={ui.dateGroup}>
        <DeferredDateInput slot="start" day={value?.start.toString()} />
        <span aria-hidden="true">–</span>
        <DeferredDateInput slot="end" day={value?.end.toString()} />
        <Button className={css.button.ghost} aria-label="Ouvrir le calendrier">
          <CalendarIcon />
        </Button>
        {value && (
          // react-aria's Button (outside the picker's slots): the picker's group keeps Enter and Space from
          // a plain button, so only a mouse could clear the period.
          <Button
            slot={null}
            className={css.button.ghost}
            aria-label="Effacer la période"
            onPress={() => {
              setValue(null);
              onChange(null);
            }}
          >
            <CloseIcon />
          </Button>
        )}
      </Group>
      <FieldError className={`${css.fieldError} ${ui.dateError}`}>
        {({ validationDetails, validationErrors }) => {
          // Said as it appears: the period was typed, and what is wrong with it shows away from the caret.
          const message = fieldMessage(validationDetails, validationErrors);
          return message && <span role="alert">{message}</span>;
        }}
      </FieldError>
      <Popover className={popoverUi.popover} style={{ padding: 12 }}>
        <Dialog aria-label="Calendrier de la période">
          <RangeCalendar>
            <header style={{ display: 'flex', alignItems: 'center', gap: 6, marginBottom: 8 }}>
              <Button slot="previous" className={css.button.ghost} aria-label="Mois précédent">
                ‹
              </Button>
              <Heading className={css.visuallyHidden} />
              <MonthYear />
              <Button slot="next" className={css.button.ghost} aria-label="Mois suivant">
                ›
              </Button>
            </header>
            <CalendarGrid>{(date) => <CalendarCell date={date} className={ui.calendarCell} />}</CalendarGrid>
          </RangeCalendar>
        </Dialog>
      </Popover>
    </DateRangePicker>
  );
});
