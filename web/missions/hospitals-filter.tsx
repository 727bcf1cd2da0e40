// The hospitals filter of the mission lists (staff, and a HOSPITAL user holding several hospitals, decision
// 024): a multi-select on wide screens, a 'Filtres' button opening a side panel of checkboxes on small ones.
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import * as dialogUi from '../ui/dialog.css';
import { CheckboxList, MultiSelect } from '../ui/multi-select';
import * as css from '../ui/theme.css';
import * as ui from './mission-filters.css';

export function HospitalsFilter({
  options,
  selected,
  onChange,
}: {
  options: string[];
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <>
      <div className={ui.wideOnly}>
        <MultiSelect label="Hôpitaux" options={options} selected={selected} onChange={onChange} />
      </div>
      <div className={ui.narrowOnly}>
        <DialogTrigger>
          <Button className={css.button.secondary}>
            Filtres{selected.length ? ` (${selected.length})` : ''}
          </Button>
          <ModalOverlay isDismissable className={ui.sideOverlay}>
            <Modal className={ui.sidePanel}>
              <Dialog className={dialogUi.dialog}>
                {({ close }) => (
                  <>
                    <Heading slot="title" className={dialogUi.dialogTitle}>
                      Hôpitaux
                    </Heading>
                    <CheckboxList
                      label="Hôpitaux"
                      options={options}
                      selected={selected}
                      onChange={onChange}
                    />
                    <button type="button" className={css.button.primary} onClick={close}>
                      Fermer
                    </button>
                  </>
                )}
              </Dialog>
            </Modal>
          </ModalOverlay>
        </DialogTrigger>
      </div>
    </>
  );
}
