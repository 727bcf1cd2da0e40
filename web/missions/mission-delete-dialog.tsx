// Confirms and deletes a mission (staff), with the spec's French texts.
import { MISSION_MESSAGES, type MissionRow } from '../../contract/missions';
import { ConfirmDialog } from '../ui/confirm-dialog';
import type { RowDialogProps } from '../ui/dialog';
import { toast } from '../ui/toast';
import { deleteMission } from './api';

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
          await deleteMission(mission.id);
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
