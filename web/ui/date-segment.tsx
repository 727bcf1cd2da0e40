// One part of a date in the period and day fields: the day, month and year are react-aria's spin buttons;
// the separators between them are plain text (docs/decisions/052).
import { type DateInputProps, DateSegment } from 'react-aria-components';
import { segment as segmentClass } from './date-range-filter.css';
import { useDeferredMount } from './deferred-mount';

type Segment = Parameters<DateInputProps['children']>[0];

/**
 * react-aria's DateSegment runs a spin button's hooks for every part, separators included (a number parser,
 * a collator, display names, four date formatters), then gives a separator only `aria-hidden`. A field of
 * dd/mm/yyyy has two separators in its five parts: they are drawn as the same hidden text without those
 * hooks (a quarter to two fifths less time in the period's segments on a screen's first render).
 */
export function dateSegment(segment: Segment) {
  if (segment.type === 'literal') return <Separator text={segment.text} />;
  return <DateSegment segment={segment} className={segmentClass} />;
}

/**
 * The same parts for a field shown with a screen (the period): each spin button is drawn a task after its
 * field (docs/decisions/055), its text shown meanwhile, so that the six of a period are six short tasks
 * instead of a long one with the screen.
 */
export function deferredDateSegment(segment: Segment) {
  if (segment.type === 'literal') return <Separator text={segment.text} />;
  return <DeferredSegment segment={segment} />;
}

function Separator({ text }: { text: string }) {
  return (
    <span aria-hidden="true" className={segmentClass} data-type="literal">
      {text}
    </span>
  );
}

function DeferredSegment({ segment }: { segment: Segment }) {
  const mounted = useDeferredMount();
  if (mounted) return <DateSegment segment={segment} className={segmentClass} />;
  return (
    <span aria-hidden="true" className={segmentClass} data-placeholder={segment.isPlaceholder || undefined}>
      {segment.text}
    </span>
  );
}
