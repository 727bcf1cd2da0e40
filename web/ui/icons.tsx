// The app's icons: one SVG set (lucide), drawn the same on every machine, unlike emoji or font glyphs.
// Decorative: the button or link around an icon carries the accessible name.
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
  type LucideIcon,
  Pencil,
  Plus,
  RefreshCw,
  Trash2,
  Upload,
  X,
} from 'lucide-react';

const sized =
  (Icon: LucideIcon, size = 18) =>
  () => <Icon size={size} strokeWidth={2} aria-hidden="true" focusable="false" />;

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
export const RefreshIcon = sized(RefreshCw);
export const SortAscendingIcon = sized(ArrowUp, 14);
export const SortDescendingIcon = sized(ArrowDown, 14);
export const SortableIcon = sized(ArrowUpDown, 14);
