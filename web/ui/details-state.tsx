// The top of a details screen while its data comes: the failure as an alert, or five placeholder cards
// (`skeleton`: the screen's card-shaped class) under a 'Chargement' status.
import * as css from './theme.css';

export function DetailsState({
  error,
  loading,
  skeleton,
}: {
  error: string | null;
  loading: boolean;
  skeleton: string;
}) {
  if (error)
    return (
      <p role="alert" className={css.formError}>
        {error}
      </p>
    );
  if (!loading) return null;
  return (
    <div role="status" aria-label="Chargement">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className={skeleton} data-testid="skeleton" />
      ))}
    </div>
  );
}
