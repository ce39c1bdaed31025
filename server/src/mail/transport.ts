import nodemailer from 'nodemailer';
import type { Mail } from './outbox.js';

export interface MailTransport {
  send(mail: Mail): Promise<void>;
  /** Closes the connections kept open (the app's onClose). */
  close?(): void;
}

export function createTransport(opts: { smtpUrl: string | null; from: string; log: (m: Mail) => void }): MailTransport {
  if (!opts.smtpUrl) {
    // No SMTP configured: mails stay in the outbox (marked sent) and are written to the log.
    return { send: async (m) => opts.log(m) };
  }
  const transporter = nodemailer.createTransport(pooled(opts.smtpUrl));
  return {
    send: async (m) => {
      await transporter.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.body });
    },
    close: () => transporter.close(),
  };
}

/**
 * A pool of connections kept open (as many as the job runner's slots), unless the URL says otherwise: a
 * thousand instant alerts do not each pay a connection and a greeting. nodemailer reads the pool's
 * settings from the URL's query when it is given a URL (an options object beside `url` is ignored).
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '4');
  return url.toString();
}
