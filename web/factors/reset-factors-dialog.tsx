// An ADMIN resets another user's second sign-in step (decision 070), after a confirmation naming the user:
// every passkey, authenticator and recovery code removed, the user's sessions ended, the user mailed.
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toast } from '../ui/toast';
import { factorsApi } from './api';

export function ResetFactorsDialog({
  user,
  onClose,
}: {
  user: { id: string; firstName: string; lastName: string };
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="RÉINITIALISER LA SECONDE ÉTAPE"
      text={`Retirer les clés d’accès, applications d’authentification et codes de secours de ${user.firstName} ${user.lastName} ? Ses sessions seront fermées ; la connexion ne demandera que le mot de passe, puis une nouvelle méthode si son rôle l’exige.`}
      confirmLabel="Réinitialiser"
      onClose={onClose}
      onConfirm={async () => {
        toast.success(await factorsApi.resetUser(user.id));
        onClose();
      }}
    />
  );
}
