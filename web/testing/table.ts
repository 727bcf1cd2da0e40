// A table's list as the shared DataTable reads it, already loaded: the rows given, one page, no error.
export { loadedList as listOf } from '../ui/data-table';
