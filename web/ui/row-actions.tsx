// The edit and delete buttons of a table row: two icon buttons named 'Modifier …' and 'Supprimer …'
// after what the row is (`name`: 'la mission 24012', 'Lucie Bernard').
import { DeleteIcon, EditIcon } from './icons';
import * as css from './theme.css';

export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <button type="button" className={css.button.ghost} aria-label={`Modifier ${name}`} onClick={onEdit}>
        <EditIcon />
      </button>
      <button type="button" className={css.button.ghost} aria-label={`Supprimer ${name}`} onClick={onDelete}>
        <DeleteIcon />
      </button>
    </>
  );
}
