// The add and edit dialogs of a user (requirements §2 'Users', §5 user form): same fields, the hospitals (one or
// more, decision 024) only for the Hospital role (cleared otherwise), checked with the contract schemas
// the API uses.
import { ROLE_LABELS, type Role } from '../../contract/roles';
import { CreateUserBody, EditUserBody, USER_MESSAGES, type UserRow } from '../../contract/users';
import { check, MAX_LENGTH } from '../../contract/validation';
import { useAction } from '../lib/use-action';
import { ChangedElsewhere } from '../live';
import { FormDialog } from '../ui/dialog';
import { TextInput } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { toast } from '../ui/toast';
import { useForm } from '../ui/use-form';
import { createUser, editUser } from './api';
import { HospitalsField } from './hospitals-field';

/** The role order of the spec's options: Admin, Accounting, Operation, Hospital. */
const ROLE_OPTIONS: Role[] = ['ADMIN', 'ACCOUNTING', 'OPERATION', 'HOSPITAL'];

export function UserFormDialog({
  user,
  onClose,
  onSaved,
}: {
  user: UserRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const editing = user !== null;
  const form = useForm({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    role: (user?.role ?? '') as Role | '',
    hospitals: user?.hospitals ?? ([] as string[]),
  });
  const { values, errors, setValues, setErrors } = form;
  const { pending, error: serverError, run } = useAction();

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    // The hospitals are cleared for every role but Hospital (docs/decisions/005 and 024).
    const input = {
      ...values,
      role: values.role || undefined,
      hospitals: values.role === 'HOSPITAL' ? values.hospitals : null,
    };
    const result = editing ? check(EditUserBody, { id: user.id, ...input }) : check(CreateUserBody, input);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    const { value } = result;
    await run(async () => {
      // The version the dialog was opened on: an account changed meanwhile is refused (409, decision 064).
      if (editing) await editUser({ ...value, id: user.id, version: user.version });
      else await createUser(value);
      toast.success(editing ? USER_MESSAGES.edited : USER_MESSAGES.created);
      onSaved();
    });
  };

  return (
    <FormDialog
      title={editing ? 'MODIFIER UN UTILISATEUR' : 'AJOUTER UN UTILISATEUR'}
      editing={editing}
      pending={pending}
      error={serverError}
      onClose={onClose}
      onSubmit={submit}
    >
      {user && <ChangedElsewhere entity="user" ids={[user.id]} record="user" />}
      <TextInput label="Prénom" maxLength={MAX_LENGTH.name} {...form.field('firstName')} autoFocus />
      <TextInput label="Nom" maxLength={MAX_LENGTH.name} {...form.field('lastName')} />
      <TextInput label="E-mail" maxLength={MAX_LENGTH.email} type="email" {...form.field('email')} />
      <TextInput label="Téléphone" maxLength={MAX_LENGTH.phone} type="tel" {...form.field('phone')} />
      <SelectField
        id="user-role"
        label="Rôle"
        placeholder="Choisir un rôle"
        value={values.role}
        error={errors.role}
        options={ROLE_OPTIONS.map((role) => [role, ROLE_LABELS[role]])}
        onChange={(value) => {
          const role = value as Role | '';
          setValues((v) => ({ ...v, role, hospitals: role === 'HOSPITAL' ? v.hospitals : [] }));
          setErrors((er) => ({ ...er, role: '', hospitals: '' }));
        }}
      />
      {values.role === 'HOSPITAL' && (
        <HospitalsField value={values.hospitals} onChange={form.set('hospitals')} error={errors.hospitals} />
      )}
    </FormDialog>
  );
}
