import { XMLParser } from 'fast-xml-parser';

/**
 * The agency's SOAP exchange for VERI*FACTU (decision 056): the RegFactuSistemaFacturacion message in a
 * SOAP 1.1 envelope, and its reply, RespuestaRegFactuSistemaFacturacion (the AEAT's RespuestaSuministro.xsd):
 * EstadoEnvio for the message, TiempoEsperaEnvio before the next one, and one RespuestaLinea per record
 * with EstadoRegistro (Correcto, AceptadoConErrores, Incorrecto) and the agency's code and text.
 */

export const SOAP_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';
export const RESPONSE_NAMESPACE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';

/** The agency's code for a record it already holds: the record counts as accepted (sent once before). */
export const DUPLICATE_CODE = '3000';

/** The message (an XML document from `submissionMessage`) inside a SOAP envelope. */
export function soapEnvelope(message: string): string {
  const body = message.replace(/^<\?xml[^>]*\?>\s*/, '').trim();
  return `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${SOAP_NAMESPACE}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>\n`;
}

export type EstadoRegistro = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

/** One RespuestaLinea: which record (IDFactura + operation) and what the agency said of it. */
export interface ReplyLine {
  readonly IDEmisorFactura: string;
  readonly NumSerieFactura: string;
  readonly FechaExpedicionFactura: string;
  readonly TipoOperacion: 'Alta' | 'Anulacion';
  readonly EstadoRegistro: EstadoRegistro;
  readonly CodigoErrorRegistro?: string;
  readonly DescripcionErrorRegistro?: string;
  /** On a duplicate: the state of the record the agency already holds (Correcta, AceptadaConErrores, Anulada). */
  readonly EstadoRegistroDuplicado?: string;
}

export interface AgencyReply {
  readonly CSV?: string;
  readonly TiempoEsperaEnvio: number;
  readonly EstadoEnvio: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
  readonly lines: readonly ReplyLine[];
}

/** A reply the client could not use: a SOAP Fault or something that is not the agency's answer. */
export class AgencyFault extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AgencyFault';
  }
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'RespuestaLinea' || name === 'RegistroFactura',
});

type Node = Record<string, unknown>;

function child(node: unknown, name: string): Node | undefined {
  const value = (node as Node | undefined)?.[name];
  return value && typeof value === 'object' ? (value as Node) : undefined;
}

function text(node: unknown, name: string): string | undefined {
  const value = (node as Node | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** Parses any XML document into plain objects, namespace prefixes dropped (the simulator reads requests too). */
export function parseXml(document: string): Node {
  return parser.parse(document) as Node;
}

/** The reply's content, or an {@link AgencyFault} for a SOAP Fault or an unknown document. */
export function parseAgencyReply(document: string): AgencyReply {
  let root: Node;
  try {
    root = parseXml(document);
  } catch {
    throw new AgencyFault('reply is not XML');
  }
  const body = child(child(root, 'Envelope'), 'Body');
  const fault = child(body, 'Fault');
  if (fault) {
    const faultString = text(fault, 'faultstring') ?? 'SOAP Fault';
    throw new AgencyFault(faultString, /Codigo\[(\d+)\]/.exec(faultString)?.[1]);
  }
  const reply = child(body, 'RespuestaRegFactuSistemaFacturacion');
  const estado = text(reply, 'EstadoEnvio');
  const wait = Number(text(reply, 'TiempoEsperaEnvio'));
  if (!reply || !estado || !['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'].includes(estado))
    throw new AgencyFault('reply is not a RespuestaRegFactuSistemaFacturacion');
  const lines = ((reply.RespuestaLinea as Node[] | undefined) ?? []).map((line): ReplyLine => {
    const id = child(line, 'IDFactura');
    const duplicate = child(line, 'RegistroDuplicado');
    const estadoRegistro = text(line, 'EstadoRegistro');
    if (
      estadoRegistro !== 'Correcto' &&
      estadoRegistro !== 'AceptadoConErrores' &&
      estadoRegistro !== 'Incorrecto'
    )
      throw new AgencyFault(`unknown EstadoRegistro ${estadoRegistro ?? ''}`);
    return {
      IDEmisorFactura: text(id, 'IDEmisorFactura') ?? '',
      NumSerieFactura: text(id, 'NumSerieFactura') ?? '',
      FechaExpedicionFactura: text(id, 'FechaExpedicionFactura') ?? '',
      TipoOperacion: text(child(line, 'Operacion'), 'TipoOperacion') === 'Anulacion' ? 'Anulacion' : 'Alta',
      EstadoRegistro: estadoRegistro,
      CodigoErrorRegistro: text(line, 'CodigoErrorRegistro'),
      DescripcionErrorRegistro: text(line, 'DescripcionErrorRegistro'),
      EstadoRegistroDuplicado: text(duplicate, 'EstadoRegistroDuplicado'),
    };
  });
  return {
    CSV: text(reply, 'CSV'),
    TiempoEsperaEnvio: Number.isFinite(wait) && wait >= 0 ? wait : 60,
    EstadoEnvio: estado as AgencyReply['EstadoEnvio'],
    lines,
  };
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The agency's reply as the simulator writes it, in the SOAP envelope (RespuestaSuministro.xsd's order). */
export function replyEnvelope(
  reply: AgencyReply & {
    readonly issuer: { name: string; nif: string };
    readonly presenterNif: string;
    readonly timestamp: string;
  },
): string {
  const sf =
    'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';
  const lines = reply.lines
    .map((line) => {
      const duplicate =
        line.EstadoRegistroDuplicado !== undefined
          ? `<tikR:RegistroDuplicado><sf:IdPeticionRegistroDuplicado>${escapeXml(reply.CSV ?? '')}</sf:IdPeticionRegistroDuplicado><sf:EstadoRegistroDuplicado>${line.EstadoRegistroDuplicado}</sf:EstadoRegistroDuplicado></tikR:RegistroDuplicado>`
          : '';
      return (
        `<tikR:RespuestaLinea><tikR:IDFactura><sf:IDEmisorFactura>${escapeXml(line.IDEmisorFactura)}</sf:IDEmisorFactura>` +
        `<sf:NumSerieFactura>${escapeXml(line.NumSerieFactura)}</sf:NumSerieFactura>` +
        `<sf:FechaExpedicionFactura>${escapeXml(line.FechaExpedicionFactura)}</sf:FechaExpedicionFactura></tikR:IDFactura>` +
        `<tikR:Operacion><sf:TipoOperacion>${line.TipoOperacion}</sf:TipoOperacion></tikR:Operacion>` +
        `<tikR:EstadoRegistro>${line.EstadoRegistro}</tikR:EstadoRegistro>` +
        (line.CodigoErrorRegistro
          ? `<tikR:CodigoErrorRegistro>${line.CodigoErrorRegistro}</tikR:CodigoErrorRegistro>`
          : '') +
        (line.DescripcionErrorRegistro
          ? `<tikR:DescripcionErrorRegistro>${escapeXml(line.DescripcionErrorRegistro)}</tikR:DescripcionErrorRegistro>`
          : '') +
        `${duplicate}</tikR:RespuestaLinea>`
      );
    })
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<env:Envelope xmlns:env="${SOAP_NAMESPACE}"><env:Header/><env:Body>` +
    `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${RESPONSE_NAMESPACE}" xmlns:sf="${sf}">` +
    (reply.CSV ? `<tikR:CSV>${escapeXml(reply.CSV)}</tikR:CSV>` : '') +
    `<tikR:DatosPresentacion><sf:NIFPresentador>${escapeXml(reply.presenterNif)}</sf:NIFPresentador>` +
    `<sf:TimestampPresentacion>${reply.timestamp}</sf:TimestampPresentacion></tikR:DatosPresentacion>` +
    `<tikR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>${escapeXml(reply.issuer.name)}</sf:NombreRazon>` +
    `<sf:NIF>${escapeXml(reply.issuer.nif)}</sf:NIF></sf:ObligadoEmision></tikR:Cabecera>` +
    `<tikR:TiempoEsperaEnvio>${reply.TiempoEsperaEnvio}</tikR:TiempoEsperaEnvio>` +
    `<tikR:EstadoEnvio>${reply.EstadoEnvio}</tikR:EstadoEnvio>${lines}` +
    `</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>\n`
  );
}

/** A SOAP Fault as the agency sends for a message it refuses whole (schema, header). */
export function faultEnvelope(code: string, description: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<env:Envelope xmlns:env="${SOAP_NAMESPACE}"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[${code}].${escapeXml(description)}</faultstring></env:Fault></env:Body></env:Envelope>\n`;
}
