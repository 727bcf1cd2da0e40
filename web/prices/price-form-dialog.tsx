// The add and edit dialog of every price table (requirements §2 'Price screens', §5): the table's fields in
// order, checked with the contract's schemas the API uses; the focus on the first field on opening and
// on the first invalid one after a refused submit (both from the shared dialog and form); the server's
// message (e.g. an overlapping period) in the dialog until the user edits a field or the form refuses on
// its own; the buttons wait while the call runs.
import type { DataResponse } from '../../contract/http';
import {
  PRICE_MESSAGES,
  PRICE_PATHS,
  PRICE_SCHEMAS,
  type PricePeriod,
  periodProblem,
  TEXT_MAX,
} from '../../contract/prices';
import { apiCall } from '../lib/api';
import { useAction } from '../lib/use-action';
import { DayField } from '../ui/day-field';
import { FormDialog } from '../ui/dialog';
import { TextInput } from '../ui/field';
import { toast } from '../ui/toast';
import { useForm } from '../ui/use-form';
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
    const schemas = PRICE_SCHEMAS[view.table];
    const input = editing ? { id: row.id, ...form.values } : form.values;
    const value = form.validate(editing ? schemas.edit : schemas.create, input, {
      toDate: periodProblem(form.values) ?? '',
    });
    if (value === null) {
      clearServerError();
      return;
    }
    const paths = PRICE_PATHS[view.table];
    await run(async () => {
      const answer = await apiCall<DataResponse<PriceRow>>(editing ? paths.edit : paths.create, {
        method: editing ? 'PUT' : 'POST',
        body: value,
      });
      toast.success(editing ? PRICE_MESSAGES.edited : PRICE_MESSAGES.created);
      onSaved(answer.data);
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
