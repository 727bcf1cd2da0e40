// The recording the player replays: the live actors' events of this tab, or a file loaded in its place
// (kept for the tab's session); downloaded as JSON, or cleared.
import { type ChangeEvent, useMemo, useState } from 'react';
import { clearRecording, loadRecording, type RecordedEvent } from '../lib/live-actors';
import { recordedRuns } from './engine';

const LOADED_KEY = 'flow-recording-loaded';

function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useRecording() {
  const [recorded, setRecorded] = useState<RecordedEvent[]>(() => {
    const loaded = sessionStorage.getItem(LOADED_KEY);
    return loaded ? (JSON.parse(loaded) as RecordedEvent[]) : loadRecording();
  });
  const runs = useMemo(() => recordedRuns(recorded), [recorded]);

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const events = JSON.parse(await file.text()) as RecordedEvent[];
    sessionStorage.setItem(LOADED_KEY, JSON.stringify(events));
    setRecorded(events);
  };
  const clear = () => {
    clearRecording();
    sessionStorage.removeItem(LOADED_KEY);
    setRecorded([]);
  };
  return {
    recorded,
    runs,
    /** Whether the recording is a loaded file rather than this tab's own. */
    fromFile: () => Boolean(sessionStorage.getItem(LOADED_KEY)),
    loadFile,
    clear,
    save: () => download('enregistrement-flux.json', recorded),
  };
}

export type Recording = ReturnType<typeof useRecording>;
