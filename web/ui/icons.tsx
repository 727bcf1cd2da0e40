// The app's icons: one SVG set (lucide), drawn the same on every machine, unlike emoji or font glyphs.
// Decorative: the button or link around an icon carries the accessible name.
// The set's shapes come from `lucide` (each icon a list of SVG elements); each icon here is one component
// that draws them in an <svg>. lucide-react drew every icon through three components, a context and a
// props merge at each render, which a statistics page paid 62 times in its rows' render
// (docs/decisions/057).
import {
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  ArrowUpDown,
  Calendar,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Download,
  Eye,
  EyeOff,
  FileText,
  History,
  type IconNode,
  KeyRound,
  Pencil,
  Plus,
  RefreshCw,
  Trash2,
  Upload,
  X,
} from 'lucide';
import { createElement } from 'react';

/** An icon of `size` px, lucide's stroke (2 px of its 24-px grid, round ends and joins). */
function sized(shapes: IconNode, size = 18) {
  // Each shape's attributes (d, cx, r…) are those lucide gives, with a key for the list.
  const parts = shapes.map(([tag, attributes], index) => [tag, { ...attributes, key: index }] as const);
  return function Icon() {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {parts.map(([tag, attributes]) => createElement(tag, attributes))}
      </svg>
    );
  };
}

export const ViewIcon = sized(Eye);
export const HiddenIcon = sized(EyeOff);
export const EditIcon = sized(Pencil);
export const DeleteIcon = sized(Trash2);
export const CalendarIcon = sized(Calendar);
export const CloseIcon = sized(X, 16);
export const ExpandIcon = sized(ChevronDown, 16);
export const OpenIcon = sized(ChevronRight, 16);
export const BackIcon = sized(ArrowLeft);
/** Between two stops of an itinerary (LFPB → LFBD). */
export const ToIcon = sized(ArrowRight, 14);
export const PreviousIcon = sized(ChevronLeft, 16);
export const AddIcon = sized(Plus);
export const DownloadIcon = sized(Download);
export const UploadIcon = sized(Upload);
export const PdfIcon = sized(FileText);
export const HistoryIcon = sized(History);
export const KeyIcon = sized(KeyRound);
export const RefreshIcon = sized(RefreshCw);
export const SortAscendingIcon = sized(ArrowUp, 14);
export const SortDescendingIcon = sized(ArrowDown, 14);
export const SortableIcon = sized(ArrowUpDown, 14);
