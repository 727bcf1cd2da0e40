// Confirms and deletes a mission (staff), with the spec's French texts.
import { MISSION_MESSAGES, MISSION_PATHS, type MissionRow } from '../../contract/missions';
import { apiCall } from '../lib/api';
import { ConfirmDialog } from '../ui/confirm-dialog';
import type { RowDialogProps } from '../ui/dialog';
import { toast } from '../ui/toast';

export function MissionDeleteDialog({
  row: mission,
  onClose,
  onDone: onDeleted,
}: RowDialogProps<MissionRow>) {
  return (
    <ConfirmDialog
      title={MISSION_MESSAGES.deleteTitle}
      text={MISSION_MESSAGES.deleteText}
      confirmLabel="Supprimer"
      onClose={onClose}
      onConfirm={async () => {
        try {
          await apiCall(MISSION_PATHS.delete(mission.id), { method: 'DELETE' });
        } catch (error) {
          toast.error(MISSION_MESSAGES.deleteError);
          throw error;
        }
        toast.success(MISSION_MESSAGES.deleted);
        onDeleted();
      }}
    />
  );
}
