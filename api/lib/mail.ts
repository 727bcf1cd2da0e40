// Sends mail through SMTP (nodemailer) when SMTP_URL is set; otherwise keeps it in the `outbox` table
// with a log line, so that a newcomer and the tests can read reset codes and welcome passwords.
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log?: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const log = options.log ?? ((line) => console.info(line));
  return {
    async send(mail) {
      await options.db
        .insert(outbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
      log(`[outbox] to ${mail.to}: ${mail.subject}`);
    },
  };
}
