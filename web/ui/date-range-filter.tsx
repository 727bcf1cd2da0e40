// The 'Période' filter (requirements §2, §5): a French date-range picker from 2023-01-01 to today, dd/MM/yyyy,
// month and year dropdowns, clearable; it reports a range only when both dates are chosen, and beside it the
// dates as typed, for a screen that says what is wrong with them.
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

/**
 * The dates as typed, each when whole, whether or not they make a range the field accepts (reversed, say):
 * for a screen that says what is wrong with its period.
 */
export type TypedRange = Partial<DayRange>;

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
}: {
  /** The range when it is whole and allowed, else null; then the dates as typed (`TypedRange`). */
  onChange: (range: DayRange | null, typed: TypedRange) => void;
  /** The period shown at first (a screen whose list starts filtered); none by default. */
  defaultRange?: DayRange;
}) {
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  const report = useCallback((range: DayRange | null, typed: TypedRange) => latest.current(range, typed), []);
  const mounted = useDeferredMount();
  if (!mounted) return <PeriodOutline startDate={defaultRange?.startDate} endDate={defaultRange?.endDate} />;
  return (
    <PeriodPicker onChange={report} startDate={defaultRange?.startDate} endDate={defaultRange?.endDate} />
  );
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
}: {
  onChange: (range: DayRange | null, typed: TypedRange) => void;
  startDate?: string;
  endDate?: string;
}) {
  const [value, setValue] = useState<{
    start: ReturnType<typeof parseDate>;
    end: ReturnType<typeof parseDate>;
  } | null>(() => (startDate && endDate ? { start: parseDate(startDate), end: parseDate(endDate) } : null));
  const max = today(getLocalTimeZone());
  const min = parseDate(MIN_DAY);
  return (
    <DateRangePicker
      className={`${css.field} ${ui.picker}`}
      value={value}
      minValue={min}
      maxValue={max}
      validationBehavior="aria"
      onChange={(range) => {
        setValue(range as typeof value);
        // Only a whole range inside the allowed days is reported; anything else filters nothing.
        const valid =
          range?.start &&
          range?.end &&
          range.start.compare(min) >= 0 &&
          range.end.compare(max) <= 0 &&
          range.start.compare(range.end) <= 0;
        const whole =
          range?.start && range.end
            ? { startDate: range.start.toString(), endDate: range.end.toString() }
            : null;
        onChange(valid ? whole : null, whole ?? {});
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
              onChange(null, {});
            }}
          >
            <CloseIcon />
          </Button>
        )}
      </Group>
      <FieldError className={`${css.fieldError} ${ui.dateError}`}>
        {({ validationDetails }) => (validationDetails.valid ? null : DATE_INVALID)}
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
