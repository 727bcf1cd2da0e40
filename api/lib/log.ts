// The API's logs: one JSON object per line on stdout (pino), with the request id on every line a request
// writes. Nothing personal leaves in a log: an e-mail address in a message or an error is replaced
// by `[e-mail]`, and the fields that could hold one (a body, a header, an address) are censored.
// LOG_LEVEL chooses the level (info by default; silent under NODE_ENV=test unless LOG_LEVEL says otherwise).
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const EMAIL = /[^\s"'<>()[\]{}:;,@]+@[^\s"'<>()[\]{}:;,@]+\.[A-Za-z]{2,}/g;

/** `text` with every e-mail address replaced. */
export const withoutEmails = (text: string) => text.replace(EMAIL, '[e-mail]');

function scrubbedError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  for (const key of ['message', 'stack'])
    if (typeof serialized[key] === 'string') serialized[key] = withoutEmails(serialized[key] as string);
  return serialized;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const defaultLevel = () => process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info');

/** A logger writing JSON lines to `destination` (stdout by default; a test gives its own stream). */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? defaultLevel(),
      base: { service: 'api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: scrubbedError, error: scrubbedError },
      redact: {
        paths: ['email', 'to', 'name', 'firstName', 'lastName', 'body', 'headers', 'cookie', 'authorization'],
        censor: '[redacted]',
      },
      hooks: {
        // Messages are often built from values (a Leon error, an SMTP answer): scrub them too.
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === 'string' ? withoutEmails(arg) : arg));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    options.destination,
  );
}

/** The process's logger. */
export const logger: Logger = createLogger();
