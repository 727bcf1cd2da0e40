// A row of the billing check opened: each cost line of the price tables (flight time, regulation, meals,
// each airport) beside what Leon invoiced, the invoices and credit notes one by one, and the difference.
import type { ReactNode } from 'react';
import { BILLING_VERDICT_BADGES, type BillingRow } from '../../contract/billing';
import { Badge } from '../ui/badge';
import { CloseActions, ModalDialog } from '../ui/dialog';
import * as ui from './billing.css';
import { euros, frenchDay, percent } from './format';

const TYPE_LABELS: Record<string, string> = {
  INVOICE: 'Facture',
  RECHARGE_INVOICE: 'Refacturation',
  CREDIT_NOTE: 'Avoir',
};

/** One side of the breakdown: its text columns, the amounts (HT) last, and its total at the foot. */
function BreakdownTable({
  heads,
  totalLabel,
  total,
  children,
}: {
  heads: string[];
  totalLabel: string;
  total: number | null;
  children: ReactNode;
}) {
  return (
    <table className={ui.breakdown}>
      <thead>
        <tr>
          {heads.map((head) => (
            <th key={head} scope="col">
              {head}
            </th>
          ))}
          <th scope="col" className={ui.money}>
            Montant HT
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={heads.length}>
            {totalLabel}
          </th>
          <td className={ui.money}>{euros(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function BreakdownDialog({ row, onClose }: { row: BillingRow; onClose: () => void }) {
  const title = row.missionId
    ? `Détail de la mission ${row.tripNumber ?? ''}`.trim()
    : `Facture sans mission ${row.tripNumber ?? ''}`.trim();
  return (
    <ModalDialog title={title} isOpen onClose={onClose} wide>
      <p className={ui.verdictLine}>
        <Badge {...BILLING_VERDICT_BADGES[row.verdict]} /> <span>{row.reason}</span>
      </p>
      <div className={ui.sideBySide}>
        <section aria-labelledby="breakdown-computed" className={ui.side}>
          <h2 id="breakdown-computed" className={ui.sideTitle}>
            Coût selon les tables de prix
          </h2>
          {row.costLines.length === 0 ? (
            <p>Aucune mission connue : pas de coût calculé.</p>
          ) : (
            <BreakdownTable heads={['Ligne']} totalLabel="Total calculé" total={row.computed}>
              {row.costLines.map((line) => (
                <tr key={line.key} data-suspect={row.suspectLine === line.key || undefined}>
                  <th scope="row">
                    {line.label}
                    {row.suspectLine === line.key && <span className={ui.suspect}> — ligne en écart</span>}
                  </th>
                  <td className={ui.money}>
                    {line.computed === null ? (
                      <span className={ui.missing}>{line.missing}</span>
                    ) : (
                      euros(line.computed)
                    )}
                  </td>
                </tr>
              ))}
            </BreakdownTable>
          )}
        </section>
        <section aria-labelledby="breakdown-invoiced" className={ui.side}>
          <h2 id="breakdown-invoiced" className={ui.sideTitle}>
            Facturé dans Leon
          </h2>
          {row.invoices.length === 0 ? (
            <p>Aucune facture ni avoir pour cette mission.</p>
          ) : (
            <BreakdownTable heads={['Pièce', 'Date']} totalLabel="Total facturé" total={row.invoiced}>
              {row.invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row">
                    {TYPE_LABELS[invoice.invoiceType] ?? invoice.invoiceType} {invoice.invoiceNumber ?? ''}
                  </th>
                  <td className={ui.day}>{frenchDay(invoice.invoiceDate)}</td>
                  <td className={ui.money}>{euros(invoice.net)}</td>
                </tr>
              ))}
            </BreakdownTable>
          )}
          <p className={ui.note}>Leon ne détaille pas les lignes de ses factures : le total est comparé.</p>
        </section>
      </div>
      <p className={ui.differenceLine}>
        Écart (facturé − calculé) : <strong>{euros(row.difference)}</strong> ({percent(row.differencePercent)}
        )
      </p>
      <CloseActions onClose={onClose} />
    </ModalDialog>
  );
}
