// Public face of a record's history (decision 036): the button that opens its side panel.
export { HistoryButton } from './history-button';
