// The ADMIN's dialog of the billing check's settings (decision 063): the tolerance in per cent and in euros
// and the days before 'Non facturée', checked with the contract's schema the API uses (its French messages
// under the fields), the server's message in the dialog, the buttons waiting while the call runs.
import { BILLING_MESSAGES, type BillingSettings, BillingSettingsBody } from '../../contract/billing';
import { useAction } from '../lib/use-action';
import { FormDialog } from '../ui/dialog';
import { TextInput } from '../ui/field';
import { toast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import * as ui from './billing.css';
import { saveBillingSettings } from './settings';

type SettingsForm = Record<keyof BillingSettings, string>;

/** A number as a French field shows it: a decimal comma; an amount with its cents, as the price dialogs. */
const shown = (value: number) => String(value).replace('.', ',');
const shownAmount = (value: number) => value.toFixed(2).replace('.', ',');

/**
 * A field's text as the schema takes it: a number when it reads as one ('12,5' or '12.5'), nothing when it
 * is empty, else the text itself, which the schema refuses with its message.
 */
function typedNumber(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : trimmed;
}

export function BillingSettingsDialog({
  settings,
  onClose,
  onSaved,
}: {
  settings: BillingSettings;
  onClose: () => void;
  onSaved: (saved: BillingSettings) => void;
}) {
  const form = useForm<SettingsForm>({
    tolerancePercent: shown(settings.tolerancePercent),
    toleranceEuros: shownAmount(settings.toleranceEuros),
    unbilledAfterDays: String(settings.unbilledAfterDays),
  });
  const { pending, error, run, clear } = useAction();
  const bound = (name: keyof SettingsForm) => {
    const field = form.field(name);
    return {
      ...field,
      onChange: (value: string) => {
        clear();
        field.onChange(value);
      },
    };
  };
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const input = form.validate(BillingSettingsBody, {
      tolerancePercent: typedNumber(form.values.tolerancePercent),
      toleranceEuros: typedNumber(form.values.toleranceEuros),
      unbilledAfterDays: typedNumber(form.values.unbilledAfterDays),
    });
    if (input === null) {
      clear();
      return;
    }
    await run(async () => {
      const saved = await saveBillingSettings(input);
      toast.success(BILLING_MESSAGES.settingsSaved);
      onSaved(saved);
    });
  };
  return (
    <FormDialog
      title="Réglages du contrôle de facturation"
      editing
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      <p className={ui.note}>
        Une mission est conforme quand son écart ne dépasse pas la plus grande des deux tolérances.
      </p>
      <TextInput label="Tolérance en pourcentage (%)" {...bound('tolerancePercent')} inputMode="decimal" />
      <TextInput label="Tolérance en euros (€)" {...bound('toleranceEuros')} inputMode="decimal" />
      <TextInput
        label="Délai avant « Non facturée » (jours)"
        {...bound('unbilledAfterDays')}
        inputMode="numeric"
      />
    </FormDialog>
  );
}
