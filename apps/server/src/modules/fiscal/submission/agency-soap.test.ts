import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AgencyFault, faultEnvelope, parseAgencyReply, replyEnvelope, soapEnvelope } from './agency-soap.ts';
import { nifOfSubject } from './fiscal-certificate.ts';
import { openBytes, sealBytes } from './fiscal-secret.ts';
import { retryDelayMs } from './fiscal-submitter.ts';

const LINE = {
  IDEmisorFactura: 'B87654323',
  NumSerieFactura: 'T-000001',
  FechaExpedicionFactura: '20-11-2026',
  TipoOperacion: 'Alta' as const,
};

describe('the agency reply', () => {
  it('reads each line with its state, code and the duplicate state, and the wait asked for', () => {
    const document = replyEnvelope({
      CSV: 'A-1',
      TiempoEsperaEnvio: 75,
      EstadoEnvio: 'ParcialmenteCorrecto',
      issuer: { name: 'Casa & Pepe', nif: 'B87654323' },
      presenterNif: 'B87654323',
      timestamp: '2026-11-20T22:00:00+01:00',
      lines: [
        { ...LINE, EstadoRegistro: 'Correcto' },
        {
          ...LINE,
          NumSerieFactura: 'T-000002',
          EstadoRegistro: 'Incorrecto',
          CodigoErrorRegistro: '3000',
          DescripcionErrorRegistro: 'Registro de facturación duplicado.',
          EstadoRegistroDuplicado: 'AceptadaConErrores',
        },
        {
          ...LINE,
          TipoOperacion: 'Anulacion',
          EstadoRegistro: 'AceptadoConErrores',
          CodigoErrorRegistro: '2000',
        },
      ],
    });
    const reply = parseAgencyReply(document);
    expect(reply).toMatchObject({ CSV: 'A-1', TiempoEsperaEnvio: 75, EstadoEnvio: 'ParcialmenteCorrecto' });
    expect(reply.lines).toEqual([
      { ...LINE, EstadoRegistro: 'Correcto' },
      {
        ...LINE,
        NumSerieFactura: 'T-000002',
        EstadoRegistro: 'Incorrecto',
        CodigoErrorRegistro: '3000',
        DescripcionErrorRegistro: 'Registro de facturación duplicado.',
        EstadoRegistroDuplicado: 'AceptadaConErrores',
      },
      {
        ...LINE,
        TipoOperacion: 'Anulacion',
        EstadoRegistro: 'AceptadoConErrores',
        CodigoErrorRegistro: '2000',
      },
    ]);
  });

  it('turns a SOAP Fault into an AgencyFault with the agency code, and refuses what is not a reply', () => {
    expect(() => parseAgencyReply(faultEnvelope('4102', 'El XML no cumple el esquema.'))).toThrow(
      expect.objectContaining({ code: '4102' }) as Error,
    );
    expect(() => parseAgencyReply('<html>502 Bad Gateway</html>')).toThrow(AgencyFault);
    expect(() => parseAgencyReply('not xml <<<')).toThrow(AgencyFault);
  });

  it('wraps a message in the SOAP body without its XML declaration', () => {
    const envelope = soapEnvelope('<?xml version="1.0" encoding="UTF-8"?>\n<sum:Reg/>\n');
    expect(envelope).toContain('<soapenv:Body><sum:Reg/></soapenv:Body>');
    expect(envelope.match(/<\?xml/g)).toHaveLength(1);
  });
});

describe('the certificate', () => {
  it('names the NIF of a company seal, a representative and a person', () => {
    expect(nifOfSubject('C=ES\nO=CASA SL\norganizationIdentifier=VATES-B87654323\nCN=CASA SL')).toBe(
      'B87654323',
    );
    expect(nifOfSubject('C=ES\nserialNumber=IDCES-12345678Z\nCN=PEREZ JUAN - 12345678Z')).toBe('12345678Z');
    expect(nifOfSubject('CN=nobody')).toBe('');
  });

  it('seals bytes that only the same secret, purpose and venue open', () => {
    const secret = randomBytes(32);
    const sealed = sealBytes(secret, 'fiscal-certificate', 'venue:1', Buffer.from('clave'));
    expect(openBytes(secret, 'fiscal-certificate', 'venue:1', sealed).toString()).toBe('clave');
    expect(() => openBytes(secret, 'fiscal-certificate', 'venue:2', sealed)).toThrow();
    expect(() => openBytes(randomBytes(32), 'fiscal-certificate', 'venue:1', sealed)).toThrow();
    expect(() => openBytes(secret, 'other', 'venue:1', sealed)).toThrow();
  });
});

describe('retries', () => {
  it('backs off from 30 s, doubling, to 15 minutes at most', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000,
    ]);
  });
});
