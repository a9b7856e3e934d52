import { randomBytes, type X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { hashInput, type HashFields } from '@sobremesa/domain';
import { sha256Hex } from '../huella.ts';
import { xsdErrorsOf } from '../xsd-check.ts';
import {
  DUPLICATE_CODE,
  faultEnvelope,
  parseXml,
  replyEnvelope,
  type AgencyReply,
  type ReplyLine,
} from '../submission/agency-soap.ts';
import { nifOfSubject } from '../submission/fiscal-certificate.ts';

/**
 * A local stand-in for the agency's VERI*FACTU service (decision 056), for tests and the demo: HTTPS that
 * requires a client certificate from the CA it is given, the request validated against the AEAT's
 * SuministroLR.xsd (a SOAP Fault `Codigo[4102]` otherwise), each record's Huella recomputed and its link
 * checked against the last record received of its chain, duplicates answered with the agency's code 3000,
 * and the reply as RespuestaRegFactuSistemaFacturacion with the TiempoEsperaEnvio it is set to. Its own
 * rejection codes (1104 recipient not in the census, 1200 Huella not matching, 2000 broken link) stand for
 * the agency's; the client relies on none of them but 3000.
 */

export interface SimulatorOptions {
  readonly serverKeyPem: string;
  readonly serverCertPem: string;
  /** The CA whose client certificates are accepted. */
  readonly clientCaPem: string;
  readonly port?: number;
  /** The TiempoEsperaEnvio of every reply (the agency starts at 60 s). */
  readonly waitSeconds?: number;
  /** Recipient NIFs the census does not know: their records are rejected (Incorrecto, 1104). */
  readonly unknownNifs?: readonly string[];
}

interface StoredRecord {
  readonly huella: string;
  readonly estado: 'Correcta' | 'AceptadaConErrores';
  readonly csv: string;
  /** How many times the agency stored this record: a record accepted twice would make it 2. */
  acceptances: number;
}

type Node = Record<string, unknown>;

const str = (node: unknown, name: string): string => {
  const value = (node as Node | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};
const obj = (node: unknown, name: string): Node | undefined => {
  const value = (node as Node | undefined)?.[name];
  return value && typeof value === 'object' ? (value as Node) : undefined;
};

export class AgencySimulator {
  /** Records stored, by issuer NIF | NumSerie | date | Alta or Anulacion. */
  readonly stored = new Map<string, StoredRecord>();
  /** Records refused, by the same key: what a RechazoPrevio refers to. */
  readonly rejected = new Map<string, string>();
  /** Messages received, and those sent before the TiempoEsperaEnvio of the previous reply had passed. */
  requests = 0;
  earlySends = 0;
  waitSeconds: number;
  readonly unknownNifs: Set<string>;
  private readonly lastHuella = new Map<string, string>();
  private readonly nextAllowed = new Map<string, number>();
  private held: { arrived: () => void; released: Promise<void> } | undefined;
  private readonly server: Server;

  private constructor(options: SimulatorOptions) {
    this.waitSeconds = options.waitSeconds ?? 60;
    this.unknownNifs = new Set(options.unknownNifs ?? []);
    this.server = createServer(
      {
        key: options.serverKeyPem,
        cert: options.serverCertPem,
        ca: options.clientCaPem,
        requestCert: true,
        rejectUnauthorized: true,
      },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const socket = request.socket as TLSSocket;
          const peer = socket.getPeerX509Certificate?.() as X509Certificate | undefined;
          this.handle(Buffer.concat(chunks).toString('utf8'), peer ? nifOfSubject(peer.subject) : '')
            .then(async ({ status, body, issuer }) => {
              const hold = this.held;
              if (hold) {
                this.held = undefined;
                hold.arrived();
                await hold.released;
              }
              if (response.destroyed || socket.destroyed) return;
              response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
              response.end(body);
              if (issuer) this.nextAllowed.set(issuer, Date.now() + this.waitSeconds * 1000);
            })
            .catch(() => {
              response.writeHead(500);
              response.end();
            });
        });
      },
    );
  }

  static async start(options: SimulatorOptions): Promise<AgencySimulator> {
    const simulator = new AgencySimulator(options);
    await new Promise<void>((resolve) => simulator.server.listen(options.port ?? 0, '127.0.0.1', resolve));
    return simulator;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `https://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
  }

  /**
   * The next message is processed (its records stored) but its reply held until `release`: the window in
   * which a sender can die with its records at the agency and no answer.
   */
  holdNextReply(): { arrived: Promise<void>; release: () => void } {
    let arrived!: () => void;
    let release!: () => void;
    const arrivedPromise = new Promise<void>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.held = { arrived, released };
    return { arrived: arrivedPromise, release };
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(
    envelope: string,
    presenterNif: string,
  ): Promise<{ status: number; body: string; issuer?: string }> {
    this.requests += 1;
    const match = /<(\w+:)?RegFactuSistemaFacturacion[\s>][\s\S]*<\/(\w+:)?RegFactuSistemaFacturacion>/.exec(
      envelope,
    );
    if (!match)
      return {
        status: 500,
        body: faultEnvelope('4102', 'El XML no cumple el esquema: falta RegFactuSistemaFacturacion.'),
      };
    const errors = await xsdErrorsOf(
      `<?xml version="1.0" encoding="UTF-8"?>\n${match[0]}\n`,
      'SuministroLR.xsd',
    );
    if (errors)
      return {
        status: 500,
        body: faultEnvelope('4102', `El XML no cumple el esquema. ${errors.split('\n')[0] ?? ''}`),
      };
    const message = obj(parseXml(match[0]), 'RegFactuSistemaFacturacion');
    const obligado = obj(obj(message, 'Cabecera'), 'ObligadoEmision');
    const issuer = { name: str(obligado, 'NombreRazon'), nif: str(obligado, 'NIF') };
    const records = (message?.RegistroFactura as Node[] | undefined) ?? [];
    const allowed = this.nextAllowed.get(issuer.nif);
    if (allowed !== undefined && Date.now() < allowed && records.length < 1000) this.earlySends += 1;
    const csv = `SIM${randomBytes(8).toString('hex').toUpperCase()}`;
    const lines = records.map((registro) => this.record(registro, csv));
    const estados = lines.map((line) => line.EstadoRegistro);
    const reply: AgencyReply = {
      CSV: csv,
      TiempoEsperaEnvio: this.waitSeconds,
      EstadoEnvio: estados.every((estado) => estado === 'Correcto')
        ? 'Correcto'
        : estados.every((estado) => estado === 'Incorrecto')
          ? 'Incorrecto'
          : 'ParcialmenteCorrecto',
      lines,
    };
    const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
    return {
      status: 200,
      body: replyEnvelope({ ...reply, issuer, presenterNif, timestamp }),
      issuer: issuer.nif,
    };
  }

  /** One RegistroFactura: duplicate, rejected, accepted with errors or accepted. */
  private record(registro: Node, csv: string): ReplyLine {
    const alta = obj(registro, 'RegistroAlta');
    const anulacion = obj(registro, 'RegistroAnulacion');
    const body = (alta ?? anulacion)!;
    const id = obj(body, 'IDFactura');
    const line = {
      IDEmisorFactura: str(id, alta ? 'IDEmisorFactura' : 'IDEmisorFacturaAnulada'),
      NumSerieFactura: str(id, alta ? 'NumSerieFactura' : 'NumSerieFacturaAnulada'),
      FechaExpedicionFactura: str(id, alta ? 'FechaExpedicionFactura' : 'FechaExpedicionFacturaAnulada'),
      TipoOperacion: alta ? ('Alta' as const) : ('Anulacion' as const),
    };
    const key = `${line.IDEmisorFactura}|${line.NumSerieFactura}|${line.FechaExpedicionFactura}|${line.TipoOperacion}`;
    const huella = str(body, 'Huella');
    const anterior = obj(obj(body, 'Encadenamiento'), 'RegistroAnterior');
    const previous = anterior ? str(anterior, 'Huella') : '';
    const chain = `${line.IDEmisorFactura}|${str(obj(body, 'SistemaInformatico'), 'NumeroInstalacion')}`;
    const timestamp = str(body, 'FechaHoraHusoGenRegistro');
    const fields: HashFields = alta
      ? {
          type: 'alta',
          IDEmisorFactura: line.IDEmisorFactura,
          NumSerieFactura: line.NumSerieFactura,
          FechaExpedicionFactura: line.FechaExpedicionFactura,
          TipoFactura: str(alta, 'TipoFactura') as 'F1',
          CuotaTotal: str(alta, 'CuotaTotal'),
          ImporteTotal: str(alta, 'ImporteTotal'),
          Huella: previous,
          FechaHoraHusoGenRegistro: timestamp,
        }
      : {
          type: 'anulacion',
          IDEmisorFacturaAnulada: line.IDEmisorFactura,
          NumSerieFacturaAnulada: line.NumSerieFactura,
          FechaExpedicionFacturaAnulada: line.FechaExpedicionFactura,
          Huella: previous,
          FechaHoraHusoGenRegistro: timestamp,
        };

    const existing = this.stored.get(key);
    const subsanacion = alta ? str(alta, 'Subsanacion') === 'S' : false;
    if (existing && (existing.huella === huella || !subsanacion))
      return {
        ...line,
        EstadoRegistro: 'Incorrecto',
        CodigoErrorRegistro: DUPLICATE_CODE,
        DescripcionErrorRegistro: 'Registro de facturación duplicado.',
        EstadoRegistroDuplicado: existing.estado,
      };
    const knownLink = this.lastHuella.get(chain);
    this.lastHuella.set(chain, huella);
    if (sha256Hex(hashInput(fields)) !== huella)
      return this.refuse(key, line, '1200', 'La huella no corresponde a los datos del registro.');
    const recipient = str(obj(obj(alta, 'Destinatarios'), 'IDDestinatario'), 'NIF');
    if (recipient && this.unknownNifs.has(recipient))
      return this.refuse(
        key,
        line,
        '1104',
        `El NIF del destinatario no está identificado en el censo. NIF: ${recipient}.`,
      );
    const linked = knownLink === undefined || knownLink === previous;
    this.stored.set(key, {
      huella,
      estado: linked ? 'Correcta' : 'AceptadaConErrores',
      csv,
      acceptances: (existing?.acceptances ?? 0) + 1,
    });
    this.rejected.delete(key);
    return linked
      ? { ...line, EstadoRegistro: 'Correcto' }
      : {
          ...line,
          EstadoRegistro: 'AceptadoConErrores',
          CodigoErrorRegistro: '2000',
          DescripcionErrorRegistro:
            'El registro no encadena con el último registro recibido de este sistema.',
        };
  }

  private refuse(
    key: string,
    line: Pick<ReplyLine, 'IDEmisorFactura' | 'NumSerieFactura' | 'FechaExpedicionFactura' | 'TipoOperacion'>,
    code: string,
    description: string,
  ): ReplyLine {
    this.rejected.set(key, code);
    return {
      ...line,
      EstadoRegistro: 'Incorrecto',
      CodigoErrorRegistro: code,
      DescripcionErrorRegistro: description,
    };
  }
}
