import { describe, expect, it } from 'vitest';
import { clientDataOf, EMPTY_CLIENT_FORM, formOfClient, refusedClientFields } from './client-data.ts';

describe('the nominative invoice client form', () => {
  it('sends the country in capitals and leaves an empty email out', () => {
    const data = clientDataOf({
      ...EMPTY_CLIENT_FORM,
      name: 'Bodegas Txakoli SL',
      taxId: 'B12345678',
      country: ' es ',
      email: '  ',
    });
    expect(data.country).toBe('ES');
    expect(data).not.toHaveProperty('email');
    expect(data.name).toBe('Bodegas Txakoli SL');
  });

  it('sends an email once there is one', () => {
    expect(clientDataOf({ ...EMPTY_CLIENT_FORM, email: ' facturas@txakoli.test ' }).email).toBe(
      'facturas@txakoli.test',
    );
  });

  it('fills every field from a known client, a missing email as empty', () => {
    const known = {
      name: 'Bodegas Txakoli SL',
      taxId: 'B12345678',
      address: 'Calle Mayor 1',
      postalCode: '20001',
      city: 'Donostia',
      country: 'ES',
    };
    expect(formOfClient({ ...known, email: null })).toEqual({ ...known, email: '' });
  });

  it('names the refused fields in the form’s order, and only fields of the form', () => {
    expect(
      refusedClientFields([
        { path: 'clientData.email', message: 'Invalid email' },
        { path: 'clientData.taxId', message: 'Invalid string' },
        { path: 'billId', message: 'Required' },
      ]),
    ).toEqual(['taxId', 'email']);
    expect(refusedClientFields([{ path: '(body)', message: 'Invalid' }])).toEqual([]);
  });
});
