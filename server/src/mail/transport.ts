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

/** The app's transport: SMTP when `SMTP_URL` is set, else the log (a body, which holds live links, only outside production). */
export function appMailTransport(
  config: { smtpUrl: string | null; mailFrom: string; production: boolean },
  log: { info(obj: object, msg: string): void },
): MailTransport {
  return createTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: (m) =>
      log.info({ to: m.to, subject: m.subject, ...(config.production ? {} : { body: m.body }) }, 'mail (no SMTP_URL set)'),
  });
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
