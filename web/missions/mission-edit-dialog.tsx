// The mission edit dialog (requirements §2 fields, §5 rules with the contract schema the API uses). The de-icing
// airport is hidden and cleared unless de-icing is 'true'.
import {
  AIRCRAFT_TYPE_LABELS,
  AIRCRAFT_TYPES,
  EditMissionBody,
  MISSION_MESSAGES,
  MISSION_STATUS_BADGES,
  MISSION_STATUSES,
  type MissionRow,
  ORGAN_LABELS,
  ORGAN_TYPES,
} from '../../contract/missions';
import { check } from '../../contract/validation';
import { useAction } from '../lib/use-action';
import { ChangedElsewhere } from '../live';
import { CheckboxGroup } from '../ui/checkbox-group';
import { DialogActions, ModalDialog, type RowDialogProps } from '../ui/dialog';
import { TextInput } from '../ui/field';
import { SelectField } from '../ui/select-field';
import * as css from '../ui/theme.css';
import { toast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { editMission } from './api';

const YES_NO: Array<[string, string]> = [
  ['true', 'Oui'],
  ['false', 'Non'],
];

const boolValue = (v: boolean | null) => (v === null ? '' : String(v));
/** A typed number as the API takes it: null when empty, NaN when not a number (the schema tells which). */
const numberOf = (text: string) => {
  const t = text.trim();
  return t === '' ? null : /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};
const boolOf = (text: string) => (text === 'true' ? true : text === 'false' ? false : null);

export function MissionEditDialog({ row: mission, onClose, onDone: onSaved }: RowDialogProps<MissionRow>) {
  const departures = [...new Set(mission.legs.map((l) => l.adepIcao))];
  const form = useForm(
    {
      numberOfCristal: mission.numberOfCristal?.toString() ?? '',
      astonStatus: mission.status as string,
      organType: mission.organType as string[],
      aircraftType: mission.aircraftType as string,
      numberOfMeals: mission.numberOfMeals?.toString() ?? '',
      isWithIcing: boolValue(mission.isWithIcing),
      isWithOCS: boolValue(mission.isWithOCS),
      airportDeIcing: mission.airportDeIcing,
    },
    (next, changed) =>
      changed === 'isWithIcing' && next.isWithIcing !== 'true' ? { ...next, airportDeIcing: [] } : next,
  );
  const { values, errors, set, setErrors } = form;
  const { pending, error: serverError, run } = useAction();
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    // Numbers and booleans on the wire, as the contract's schema takes them.
    const input = {
      id: mission.id,
      numberOfCristal: numberOf(values.numberOfCristal),
      astonStatus: values.astonStatus,
      organType: values.organType.join(','),
      aircraftType: values.aircraftType,
      numberOfMeals: numberOf(values.numberOfMeals),
      isWithIcing: boolOf(values.isWithIcing),
      isWithOCS: boolOf(values.isWithOCS),
      airportDeIcing: values.isWithIcing === 'true' ? values.airportDeIcing : [],
      // The version the dialog was opened on: a mission changed meanwhile is refused (409, decision 064).
      version: mission.version,
    };
    const result = check(EditMissionBody, input);
    if (!result.ok) return setErrors(result.errors);
    await run(async () => {
      await editMission(result.value);
      toast.success(MISSION_MESSAGES.edited);
      onSaved();
    });
  };
  return (
    <ModalDialog
      title={`Modifier la mission ${mission.tripNumber ?? ''}`.trim()}
      isOpen
      onClose={onClose}
      isDismissable={!pending}
    >
      <form className={css.form} onSubmit={submit} noValidate>
        {/* Changed elsewhere while open (a colleague, Leon): said before the save the server would refuse. */}
        <ChangedElsewhere entity="mission" ids={[mission.id]} record="mission" />
        <TextInput label="Nombre de cristals" inputMode="numeric" {...form.field('numberOfCristal')} />
        <SelectField
          id="mission-status"
          label="Statut"
          {...form.field('astonStatus')}
          options={MISSION_STATUSES.map((s) => [s, MISSION_STATUS_BADGES[s].label])}
        />
        <CheckboxGroup
          label="Organes"
          options={ORGAN_TYPES.map((organ) => [organ, ORGAN_LABELS[organ]] as const)}
          selected={values.organType}
          onChange={set('organType')}
          error={errors.organType}
        />
        <SelectField
          id="mission-aircraft"
          label="Type d'avion"
          {...form.field('aircraftType')}
          options={AIRCRAFT_TYPES.map((a) => [a, AIRCRAFT_TYPE_LABELS[a]])}
        />
        <TextInput label="Plateaux repas" inputMode="numeric" {...form.field('numberOfMeals')} />
        <SelectField id="mission-icing" label="Dégivrage" {...form.field('isWithIcing')} options={YES_NO} />
        {values.isWithIcing === 'true' && (
          <CheckboxGroup
            label="Aéroport de dégivrage"
            options={departures.map((icao) => [icao, icao] as const)}
            selected={values.airportDeIcing}
            onChange={set('airportDeIcing')}
          />
        )}
        <SelectField id="mission-ocs" label="OCS" {...form.field('isWithOCS')} options={YES_NO} />
        <DialogActions error={serverError} pending={pending} onCancel={onClose} actionLabel={'Enregistrer'} />
      </form>
    </ModalDialog>
  );
}
