// The add and edit dialog of every price table (requirements §2 'Price screens', §5): the table's fields in
// order, checked with the contract's schemas the API uses; the focus on the first field on opening and
// on the first invalid one after a refused submit (both from the shared dialog and form); the server's
// message (e.g. an overlapping period) in the dialog until the user edits a field or the form refuses on
// its own; the buttons wait while the call runs.
import {
  PRICE_MESSAGES,
  PRICE_SCHEMAS,
  type PricePeriod,
  periodProblem,
  TEXT_MAX,
} from '../../contract/prices';
import { useAction } from '../lib/use-action';
import { ChangedElsewhere } from '../live';
import { DayField } from '../ui/day-field';
import { FormDialog } from '../ui/dialog';
import { TextInput } from '../ui/field';
import { toast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { createPrice, editPrice } from './api';
import { type PriceTableView, rowName, typed } from './tables';

export type PriceRow = PricePeriod & Record<string, unknown>;

export function PriceFormDialog({
  view,
  row,
  onClose,
  onSaved,
}: {
  view: PriceTableView;
  /** The row to edit; null to add one. */
  row: PriceRow | null;
  onClose: () => void;
  onSaved: (row: PriceRow) => void;
}) {
  const editing = row !== null;
  const form = useForm<Record<string, string>>(
    Object.fromEntries(view.fields.map((f) => [f.name, row ? typed(f.kind, row[f.name]) : ''])),
  );
  const { pending, error: serverError, run, clear: clearServerError } = useAction();
  /** A field bound to the form; editing it drops the server's message, which was about other values. */
  const bound = (name: string) => {
    const field = form.field(name);
    return {
      ...field,
      onChange: (value: string) => {
        clearServerError();
        field.onChange(value);
      },
    };
  };

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const { table } = view;
    const schemas = PRICE_SCHEMAS[table];
    const extra = { toDate: periodProblem(form.values) ?? '' };
    // An edit sends the version the dialog was opened on: a row changed meanwhile is refused (409, decision 064).
    const edited = editing
      ? form.validate(schemas.edit, { id: row.id, ...form.values, version: row.version }, extra)
      : null;
    const created = editing ? null : form.validate(schemas.create, form.values, extra);
    const save = edited ? () => editPrice(table, edited) : created ? () => createPrice(table, created) : null;
    if (save === null) {
      clearServerError();
      return;
    }
    await run(async () => {
      const saved: PricePeriod = await save();
      toast.success(editing ? PRICE_MESSAGES.edited : PRICE_MESSAGES.created);
      // The saved row as the generic table reads it: its period, and its fields by name.
      onSaved(saved as PriceRow);
    });
  };

  const title = editing
    ? `Modifier le prix ${rowName(view.table, row)}`
    : `${PRICE_MESSAGES.add} : ${view.title}`;
  return (
    <FormDialog
      title={title}
      editing={editing}
      pending={pending}
      error={serverError}
      onClose={onClose}
      onSubmit={submit}
    >
      {row && <ChangedElsewhere entity={view.table} ids={[row.id]} record="price" />}
      {view.fields.map((field) =>
        field.kind === 'day' ? (
          <DayField key={field.name} label={field.label} {...bound(field.name)} />
        ) : (
          <TextInput
            key={field.name}
            label={field.label}
            {...bound(field.name)}
            inputMode={field.kind === 'money' ? 'decimal' : 'text'}
            maxLength={field.kind === 'icao' ? 4 : field.kind === 'text' ? TEXT_MAX : 20}
          />
        ),
      )}
    </FormDialog>
  );
}
