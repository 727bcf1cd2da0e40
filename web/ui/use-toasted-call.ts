// A call started from a screen's button (an export, a download, a refresh): busy while it runs (the
// button disabled), and on failure an error toast with `failure`, or else the server's French message.
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { toast } from './toast';

export function useToastedCall() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, failure?: string) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error(failure ?? errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
