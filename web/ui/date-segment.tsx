// One part of a date in the period and day fields: the day, month and year are react-aria's spin buttons;
// the separators between them are plain text (docs/decisions/052).
import { type DateInputProps, DateSegment } from 'react-aria-components';
import { segment as segmentClass } from './date-range-filter.css';

type Segment = Parameters<DateInputProps['children']>[0];

/**
 * react-aria's DateSegment runs a spin button's hooks for every part, separators included (a number parser,
 * a collator, display names, four date formatters), then gives a separator only `aria-hidden`. A field of
 * dd/mm/yyyy has two separators in its five parts: they are drawn as the same hidden text without those
 * hooks (a quarter to two fifths less time in the period's segments on a screen's first render).
 */
export function dateSegment(segment: Segment) {
  if (segment.type === 'literal')
    return (
      <span aria-hidden="true" className={segmentClass} data-type="literal">
        {segment.text}
      </span>
    );
  return <DateSegment segment={segment} className={segmentClass} />;
}
