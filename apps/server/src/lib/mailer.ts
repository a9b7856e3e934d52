import nodemailer, { type Transporter } from 'nodemailer';

/** A file sent with a message: an attachment, or an inline image referenced from the HTML by `cid`. */
export interface MailAttachment {
  readonly filename: string;
  readonly content: Buffer | string;
  readonly contentType: string;
  /** Inline images: the HTML shows it as `<img src="cid:...">`. */
  readonly cid?: string;
}

/** One email. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments?: readonly MailAttachment[];
  /** BCP 47 language of the content (Content-Language). */
  readonly language?: string;
}

/** What a send reports: the SMTP message id, or why nothing was sent. */
export type MailOutcome = { readonly sent: true; readonly messageId: string } | { readonly sent: false };

/**
 * Sends email. Services send only after their transaction commits, and a failed send never undoes a
 * booking: callers log and continue (`sendInBackground`).
 */
export interface Mailer {
  /** False when no SMTP server is configured: nothing is sent. */
  readonly enabled: boolean;
  send(message: MailMessage): Promise<MailOutcome>;
  /** Sends without making the caller wait; failures are logged. Tracked so shutdown can wait for it. */
  sendInBackground(message: MailMessage, log: MailLog, context: Record<string, unknown>): void;
  /** Waits (bounded) for background sends, then closes the SMTP connections. */
  close(): Promise<void>;
}

/** The part of a logger the mailer uses (Fastify's pino logger fits). */
export interface MailLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface SmtpSettings {
  /** `smtp://user:password@host:587` or `smtps://...:465`; nodemailer's connection URL. */
  readonly url: string;
  /** The From header, e.g. `Casa Sobremesa <reservas@example.com>`. */
  readonly from: string;
}

/** How long shutdown waits for messages still being sent. */
const CLOSE_GRACE_MS = 10_000;

abstract class TrackedMailer implements Mailer {
  abstract readonly enabled: boolean;
  private readonly inFlight = new Set<Promise<unknown>>();

  abstract send(message: MailMessage): Promise<MailOutcome>;

  sendInBackground(message: MailMessage, log: MailLog, context: Record<string, unknown>): void {
    const sending = this.send(message)
      .then((outcome) => {
        if (outcome.sent) log.info({ ...context, messageId: outcome.messageId }, 'email sent');
      })
      .catch((error: unknown) => {
        // The recipient and the links are personal data and capabilities: log the failure, not the message.
        log.error({ ...context, err: error }, 'email could not be sent');
      })
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  protected async drain(): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, CLOSE_GRACE_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    await this.drain();
  }
}

/** Sends through an SMTP server with nodemailer (pooled connections). */
class SmtpMailer extends TrackedMailer {
  readonly enabled = true;
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    super();
    const url = new URL(settings.url);
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // Loopback test servers and local relays often have no certificate; `?tls=insecure` allows them.
      tls: url.searchParams.get('tls') === 'insecure' ? { rejectUnauthorized: false } : undefined,
      ignoreTLS: url.searchParams.get('tls') === 'off',
      pool: true,
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<MailOutcome> {
    const info = await this.transport.sendMail({
      from: this.settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.language ? { 'Content-Language': message.language } : undefined,
      attachments: message.attachments?.map((attachment) => ({
        filename: attachment.filename,
        content: attachment.content,
        contentType: attachment.contentType,
        ...(attachment.cid ? { cid: attachment.cid, contentDisposition: 'inline' as const } : {}),
      })),
    });
    return { sent: true, messageId: String(info.messageId) };
  }

  override async close(): Promise<void> {
    await this.drain();
    this.transport.close();
  }
}

/** No SMTP server configured: nothing is sent (the server said so at start-up). */
class DisabledMailer extends TrackedMailer {
  readonly enabled = false;
  async send(): Promise<MailOutcome> {
    return { sent: false };
  }
}

/** The mailer for these settings: SMTP when configured, otherwise one that sends nothing. */
export function createMailer(settings: SmtpSettings | undefined): Mailer {
  return settings ? new SmtpMailer(settings) : new DisabledMailer();
}

/** A mailer that sends nothing (the default of `buildApp`). */
export const disabledMailer = (): Mailer => new DisabledMailer();
