// A page mounting each react-aria component the product relies on, for the browser check
// in e2e/react-aria-components.spec.ts (docs/decisions/002). Built only in the `component-check` mode.
import { parseDate } from '@internationalized/date';
import { useMemo, useState } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Cell,
  Column,
  ComboBox,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog,
  DialogTrigger,
  Group,
  Heading,
  I18nProvider,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  Popover,
  RangeCalendar,
  Row,
  type Selection,
  type SortDescriptor,
  Table,
  TableBody,
  TableHeader,
} from 'react-aria-components';
import { createRoot } from 'react-dom/client';
import { ExpandIcon, OpenIcon, PreviousIcon } from '../ui/icons';
import { Toasts, toast } from '../ui/toast';
import '../ui/theme.css';

const AIRPORTS = [
  { id: 'LFPG', name: 'Paris-Charles-de-Gaulle' },
  { id: 'LFML', name: 'Marseille-Provence' },
  { id: 'LFBO', name: 'Toulouse-Blagnac' },
  { id: 'LFBD', name: 'Bordeaux-Mérignac' },
];
const ROWS = [
  { id: 'a', mission: 'TR-003', hospital: 'CHU de Bordeaux' },
  { id: 'b', mission: 'TR-001', hospital: 'AP-HM Timone' },
  { id: 'c', mission: 'TR-002', hospital: 'HCL Édouard-Herriot' },
];

const only = new URLSearchParams(location.search).get('only');
const show = (name: string) => !only || only === name;

function Check() {
  const [range, setRange] = useState<{ start: unknown; end: unknown } | null>(null);
  const [airport, setAirport] = useState<string | null>(null);
  const [sort, setSort] = useState<SortDescriptor>({ column: 'mission', direction: 'ascending' });
  const [selected, setSelected] = useState<Selection>(new Set());
  const rows = useMemo(
    () =>
      [...ROWS].sort(
        (a, b) => (sort.direction === 'ascending' ? 1 : -1) * a.mission.localeCompare(b.mission),
      ),
    [sort],
  );
  return (
    <main style={{ padding: 24, display: 'grid', gap: 24 }}>
      <h1>Vérification des composants</h1>

      {show('dialog') && (
        <DialogTrigger>
          <Button>Ouvrir la boîte de dialogue</Button>
          <ModalOverlay
            style={{
              position: 'fixed',
              inset: 0,
              background: 'rgba(0,0,0,.4)',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <Modal style={{ background: 'white', padding: 24 }}>
              <Dialog>
                {({ close }) => (
                  <>
                    <Heading slot="title">Confirmation</Heading>
                    <p>Contenu de la boîte de dialogue</p>
                    <Button onPress={close}>Fermer</Button>
                  </>
                )}
              </Dialog>
            </Modal>
          </ModalOverlay>
        </DialogTrigger>
      )}

      {show('popover') && (
        <DialogTrigger>
          <Button>Ouvrir le popover</Button>
          <Popover style={{ background: 'white', border: '1px solid #ccc', padding: 12 }}>
            <Dialog aria-label="Détails">Contenu du popover</Dialog>
          </Popover>
        </DialogTrigger>
      )}

      {show('combobox') && (
        <ComboBox
          selectedKey={airport}
          onSelectionChange={(key) => setAirport(key as string | null)}
          defaultItems={AIRPORTS}
        >
          <Label>Aéroport</Label>
          <div>
            <Input />
            <Button>
              <ExpandIcon />
            </Button>
          </div>
          <Popover style={{ background: 'white', border: '1px solid #ccc' }}>
            <ListBox>
              {(item: (typeof AIRPORTS)[number]) => <ListBoxItem>{`${item.id} ${item.name}`}</ListBoxItem>}
            </ListBox>
          </Popover>
        </ComboBox>
      )}
      <p data-testid="airport">Aéroport choisi : {airport ?? 'aucun'}</p>

      {show('daterange') && (
        <DateRangePicker
          onChange={(value) => setRange(value as never)}
          minValue={parseDate('2023-01-01')}
          maxValue={parseDate('2026-12-31')}
          defaultValue={null}
        >
          <Label>Période</Label>
          <Group>
            <DateInput slot="start">{(segment) => <DateSegment segment={segment} />}</DateInput>
            <span aria-hidden="true">–</span>
            <DateInput slot="end">{(segment) => <DateSegment segment={segment} />}</DateInput>
            <Button>Calendrier</Button>
          </Group>
          <Popover style={{ background: 'white', border: '1px solid #ccc', padding: 12 }}>
            <Dialog aria-label="Calendrier">
              <RangeCalendar>
                <header>
                  <Button slot="previous">
                    <PreviousIcon />
                  </Button>
                  <Heading />
                  <Button slot="next">
                    <OpenIcon />
                  </Button>
                </header>
                <CalendarGrid>{(date) => <CalendarCell date={date} />}</CalendarGrid>
              </RangeCalendar>
            </Dialog>
          </Popover>
        </DateRangePicker>
      )}
      <p data-testid="range">
        Période choisie : {range ? `${String(range.start)} – ${String(range.end)}` : 'aucune'}
      </p>

      {show('calendar') && (
        <Calendar aria-label="Calendrier simple" defaultValue={parseDate('2026-03-15')}>
          <CalendarGrid>{(date) => <CalendarCell date={date} />}</CalendarGrid>
        </Calendar>
      )}

      {show('table') && (
        <Table
          aria-label="Missions"
          selectionMode="multiple"
          selectedKeys={selected}
          onSelectionChange={setSelected}
          sortDescriptor={sort}
          onSortChange={setSort}
        >
          <TableHeader>
            <Column id="mission" isRowHeader allowsSorting>
              N° de mission
            </Column>
            <Column id="hospital">Hôpital</Column>
          </TableHeader>
          <TableBody items={rows}>
            {(row) => (
              <Row id={row.id}>
                <Cell>{row.mission}</Cell>
                <Cell>{row.hospital}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <p data-testid="selected">
        Sélection : {selected === 'all' ? 'tout' : [...selected].sort().join(',') || 'aucune'}
      </p>

      <Button onPress={() => toast.success('Données synchronisées avec succès')}>Afficher un toast</Button>
      <Toasts />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <I18nProvider locale="fr-FR">
    <Check />
  </I18nProvider>,
);
