import nodemailer from 'nodemailer';
import type { Mail } from './outbox.js';

export interface MailTransport {
  send(mail: Mail): Promise<void>;
}

export function createTransport(opts: { smtpUrl: string | null; from: string; log: (m: Mail) => void }): MailTransport {
  if (!opts.smtpUrl) {
    // No SMTP configured: mails stay in the outbox (marked sent) and are written to the log.
    return { send: async (m) => opts.log(m) };
  }
  const transporter = nodemailer.createTransport(opts.smtpUrl);
  return {
    send: async (m) => {
      await transporter.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.body });
    },
  };
}
