// A logger that keeps its JSON lines in memory, for tests that read what the API logged.
import { createLogger, type Logger } from '../lib/log';

export function memoryLogger(): {
  log: Logger;
  lines: () => Array<Record<string, unknown>>;
  text: () => string;
} {
  const written: string[] = [];
  const log = createLogger({ level: 'info', destination: { write: (line: string) => written.push(line) } });
  return {
    log,
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => written.join(''),
  };
}
