import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCsvImportResponseSchema } from '@sobremesa/contracts';
import {
  auditLog,
  dishClasses,
  menuCategories,
  menus,
  productAllergens,
  productCategories,
  products,
  translations,
} from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import { givenAdminVenues } from './admin.fixtures.ts';

/**
 * The menu as CSV (issue 22, decision 061): export every product, import a file back by SKU, all rows
 * checked before anything is written, a dry run that writes nothing, admin only, per venue.
 */
let t: TestApp;
let adminToken: string;
let salaToken: string;
let otherAdminToken: string;
let casaId: number;

const EXPORT = '/world/api/admin/menus/export.csv';
const IMPORT = '/world/api/admin/menus/import';
const BOM = '\uFEFF';

function importCsv(
  csv: string | Buffer,
  options: { dryRun?: boolean; token?: string; subdomain?: string } = {},
) {
  return call(t, options.subdomain ?? 'casa', {
    method: 'POST',
    url: `${IMPORT}${options.dryRun ? '?dryRun=true' : ''}`,
    payload: typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv,
    headers: { 'content-type': 'text/csv' },
    token: options.token ?? adminToken,
  });
}

async function exported(token = adminToken, subdomain = 'casa'): Promise<string> {
  const response = await call(t, subdomain, { method: 'GET', url: EXPORT, token });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return response.body;
}

const productRows = () =>
  t.ctx.db.select().from(products).where(eq(products.venueId, casaId)).orderBy(products.id);

beforeAll(async () => {
  t = await buildTestApp();
  const { casa, otra, ...world } = await givenAdminVenues(t);
  casaId = casa.id;
  ({ adminToken, salaToken, otherAdminToken } = world);

  const db = t.ctx.db;
  const [carta] = await db
    .insert(menus)
    .values({ venueId: casaId, name: 'Carta', menuTypeName: 'carta' })
    .returning();
  const [entrantes] = await db
    .insert(menuCategories)
    .values({ venueId: casaId, menuId: carta!.id, name: 'Entrantes' })
    .returning();
  const [primeros] = await db.insert(dishClasses).values({ venueId: casaId, name: 'Primeros' }).returning();
  const [croquetas] = await db
    .insert(products)
    .values({
      venueId: casaId,
      sku: 'CSV-CROQ',
      name: 'Croquetas de jamón',
      description: 'Seis, cremosas; con "bechamel"',
      priceCents: 1250,
      vatRateBp: 1000,
      dishClassId: primeros!.id,
    })
    .returning();
  await db
    .insert(productCategories)
    .values({ venueId: casaId, categoryId: entrantes!.id, productId: croquetas!.id });
  await db.insert(productAllergens).values([
    { venueId: casaId, productId: croquetas!.id, allergenId: 1 },
    { venueId: casaId, productId: croquetas!.id, allergenId: 7 },
    { venueId: casaId, productId: croquetas!.id, allergenId: 8, mayContainTraces: true },
  ]);
  await db.insert(translations).values([
    { venueId: casaId, key: `product.${croquetas!.id}.name`, locale: 'en', value: 'Ham croquettes' },
    { venueId: casaId, key: `product.${croquetas!.id}.name`, locale: 'de', value: 'Schinkenkroketten' },
  ]);
  await db.insert(products).values({
    venueId: casaId,
    sku: 'CSV-VINO',
    name: 'Vino tinto',
    priceCents: 350,
    vatRateBp: 2100,
    type: 'bebida',
    isVisible: false,
  });
  await db
    .insert(products)
    .values({ venueId: otra.id, sku: 'CSV-AJENO', name: 'Ajeno', priceCents: 100, vatRateBp: 1000 });
});
afterAll(() => t.close());

describe('GET /world/api/admin/menus/export.csv', () => {
  it('writes every product of the venue with a BOM, ; separators and decimal commas', async () => {
    const csv = await exported();
    expect(csv.startsWith(BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toMatch(
      /^sku;name;description;price;vat;type;visible;dish_class;categories;allergens;traces;name_en;/,
    );
    expect(lines[1]).toBe(
      'CSV-CROQ;Croquetas de jamón;"Seis, cremosas; con ""bechamel""";12,50;10;comida;sí;Primeros;Carta > Entrantes;Gluten, Lácteos;Frutos de cáscara;Ham croquettes;;Schinkenkroketten;;;;;;;;;;;;;',
    );
    expect(lines[2]).toMatch(/^CSV-VINO;Vino tinto;;3,50;21;bebida;no;;;;;/);
    expect(csv).not.toContain('CSV-AJENO');
  });

  it('is for the admin of this venue only', async () => {
    expect((await call(t, 'casa', { method: 'GET', url: EXPORT, token: salaToken })).statusCode).toBe(403);
    expect((await call(t, 'casa', { method: 'GET', url: EXPORT, token: otherAdminToken })).statusCode).toBe(
      401,
    );
    expect(await exported(otherAdminToken, 'otra')).not.toContain('CSV-CROQ');
  });
});

describe('POST /world/api/admin/menus/import', () => {
  it('takes its own export back unchanged, and writes nothing', async () => {
    const before = await productRows();
    const response = await importCsv(await exported());
    expect(response.statusCode).toBe(200);
    const body = menuCsvImportResponseSchema.parse(response.json());
    expect([body.created, body.updated, body.unchanged]).toEqual([0, 0, 2]);
    expect(await productRows()).toEqual(before);
  });

  it('a dry run tells what would change and writes nothing', async () => {
    const csv = `${BOM}sku;name;price;vat;categories\nCSV-CROQ;Croquetas de jamón;13,00;10;Carta > Entrantes\nCSV-NUEVO;Pimientos de Padrón;7.5;10;Carta > Verduras > Asadas\n`;
    const before = await productRows();
    const response = await importCsv(csv, { dryRun: true });
    expect(response.statusCode).toBe(200);
    const body = menuCsvImportResponseSchema.parse(response.json());
    expect(body.dryRun).toBe(true);
    expect(body.changes).toEqual([
      { row: 2, sku: 'CSV-CROQ', name: 'Croquetas de jamón', action: 'update', fields: ['price'] },
      {
        row: 3,
        sku: 'CSV-NUEVO',
        name: 'Pimientos de Padrón',
        action: 'create',
        fields: ['name', 'price', 'vat', 'categories'],
      },
    ]);
    expect(body.newCategories).toEqual(['Carta > Verduras', 'Carta > Verduras > Asadas']);
    expect(await productRows()).toEqual(before);
  });

  it('refuses a file with errors by row and column in the admin’s language, and writes none of it', async () => {
    const csv =
      'sku,name,price,vat,type,visible,dish_class,allergens,categories\n' +
      'CSV-BUENO,Bueno,"4,00",10,comida,sí,,,Carta > Entrantes\n' +
      'CSV-MALO,,doce,200,postre,quizá,Cuartos,"Gluten, Arena",Bebidas > Vinos\n' +
      'CSV-BUENO,Repetido,1,10,comida,sí,,,\n';
    const before = await productRows();
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(
      'El CSV tiene errores; no se ha cambiado nada. Corrige las filas indicadas y vuelve a importarlo.',
    );
    expect(body.rowErrors).toEqual([
      { row: 3, column: 'name', message: 'Este campo es obligatorio.' },
      { row: 3, column: 'price', message: 'Precio no válido: euros con coma o punto decimal, como 12,50.' },
      { row: 3, column: 'vat', message: 'IVA no válido: un porcentaje entre 0 y 100, como 10.' },
      { row: 3, column: 'type', message: 'Tipo no válido: comida o bebida.' },
      { row: 3, column: 'visible', message: 'Escribe sí o no.' },
      { row: 3, column: 'dish_class', message: 'No hay ningún tipo de plato llamado Cuartos.' },
      {
        row: 3,
        column: 'categories',
        message:
          'No hay ninguna carta llamada Bebidas; la ruta empieza por la carta, como Carta > Entrantes.',
      },
      { row: 3, column: 'allergens', message: 'Alérgeno desconocido: Arena.' },
      { row: 4, column: 'sku', message: 'Este SKU ya aparece en la fila 2.' },
    ]);
    expect(await productRows()).toEqual(before);

    const english = await call(t, 'casa', {
      method: 'POST',
      url: IMPORT,
      payload: Buffer.from('sku;name;price;vat\nCSV-X;X;doce;10\n'),
      headers: { 'content-type': 'text/csv', 'accept-language': 'en', cookie: 'selectedLocale=en' },
      token: adminToken,
    });
    expect(english.json().rowErrors).toEqual([
      {
        row: 2,
        column: 'price',
        message: 'Invalid price: euros with a decimal comma or point, such as 12.50.',
      },
    ]);
  });

  it('refuses unknown or missing columns, and a file that is not CSV', async () => {
    const unknown = await importCsv('sku;nombre;precio\nA;B;1\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().rowErrors).toEqual([
      { row: 1, column: 'nombre', message: 'Columna desconocida: nombre.' },
      { row: 1, column: 'precio', message: 'Columna desconocida: precio.' },
      { row: 1, column: 'name', message: 'Falta la columna obligatoria name.' },
    ]);
    const broken = await importCsv('sku;name\n"CSV-A;sin cerrar\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/No se puede leer el archivo como CSV/);
    expect((await importCsv('')).statusCode).toBe(400);
    expect(
      (await call(t, 'casa', { method: 'POST', url: `${IMPORT}?dryRun=quizá`, token: adminToken }))
        .statusCode,
    ).toBe(400);
  });

  it('creates and updates by SKU, with categories, allergens and translations, audited', async () => {
    const csv =
      `${BOM}sku;name;description;price;vat;type;visible;dish_class;categories;allergens;traces;name_en\r\n` +
      'CSV-CROQ;Croquetas de jamón ibérico;Seis;13;10;comida;sí;primeros;Carta > Entrantes | Carta > Raciones;gluten;;Iberian ham croquettes\r\n' +
      'CSV-NUEVO;Pimientos de Padrón;;7,50;10;comida;sí;;Carta > Verduras > Asadas;;;\r\n';
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    const body = menuCsvImportResponseSchema.parse(response.json());
    expect([body.created, body.updated, body.unchanged]).toEqual([1, 1, 0]);

    const rows = await productRows();
    const croquetas = rows.find((row) => row.sku === 'CSV-CROQ')!;
    expect([croquetas.name, croquetas.description, croquetas.priceCents]).toEqual([
      'Croquetas de jamón ibérico',
      'Seis',
      1300,
    ]);
    const nuevo = rows.find((row) => row.sku === 'CSV-NUEVO')!;
    expect([nuevo.priceCents, nuevo.vatRateBp, nuevo.type, nuevo.isVisible]).toEqual([
      750,
      1000,
      'comida',
      true,
    ]);

    const allergens = await t.ctx.db
      .select()
      .from(productAllergens)
      .where(eq(productAllergens.productId, croquetas.id));
    expect(allergens.map((row) => [row.allergenId, row.mayContainTraces])).toEqual([[1, false]]);

    const csvAfter = await exported();
    expect(csvAfter).toContain(
      'CSV-CROQ;Croquetas de jamón ibérico;Seis;13;10;comida;sí;Primeros;Carta > Entrantes | Carta > Raciones;Gluten;;Iberian ham croquettes;;Schinkenkroketten',
    );
    expect(csvAfter).toContain(
      'CSV-NUEVO;Pimientos de Padrón;;7,50;10;comida;sí;;Carta > Verduras > Asadas;',
    );

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.venueId, casaId), eq(auditLog.action, 'menu.csv.import')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ created: ['CSV-NUEVO'] });

    const again = menuCsvImportResponseSchema.parse((await importCsv(csvAfter)).json());
    expect([again.created, again.updated, again.unchanged]).toEqual([0, 0, 3]);
  });

  it('never deletes: a product left out of the file stays as it was', async () => {
    const response = await importCsv('sku,name\nCSV-VINO,Vino tinto\n');
    expect(response.statusCode).toBe(200);
    expect((await productRows()).map((row) => row.sku).sort()).toEqual(['CSV-CROQ', 'CSV-NUEVO', 'CSV-VINO']);
  });

  it('keeps a product’s categories in the order the file lists them', async () => {
    // Postres is made by this import, after Entrantes: an order by id alone would put it second.
    const csv = 'sku;name;price;vat;categories\nCSV-ORDEN;Flan;4;10;Carta > Postres | Carta > Entrantes\n';
    expect((await importCsv(csv)).statusCode).toBe(200);
    expect(await exported()).toContain(
      'CSV-ORDEN;Flan;;4;10;comida;sí;;Carta > Postres | Carta > Entrantes;',
    );
  });

  it('exports a name a spreadsheet would run as a formula as text, and takes it back unchanged', async () => {
    expect((await importCsv('sku;name;price;vat\nCSV-F;=1+1;1;10\n')).statusCode).toBe(200);
    const csv = await exported();
    expect(csv).toContain("CSV-F;'=1+1;;1;10;");
    const again = menuCsvImportResponseSchema.parse((await importCsv(csv, { dryRun: true })).json());
    expect(again.changes.find((change) => change.sku === 'CSV-F')).toMatchObject({
      action: 'unchanged',
      name: '=1+1',
    });
  });

  it('reads a Windows-1252 file from an older Excel', async () => {
    const latin = Buffer.from('sku;name;price;vat\nCSV-PAN;Pan de maíz;1,20;10\n', 'latin1');
    const response = await importCsv(latin);
    expect(response.statusCode).toBe(200);
    expect((await productRows()).find((row) => row.sku === 'CSV-PAN')!.name).toBe('Pan de maíz');
  });

  it('is for the admin of this venue only: another venue’s SKU is a new product there', async () => {
    const before = await productRows();
    expect((await importCsv('sku;name\nCSV-CROQ;Intruso\n', { token: salaToken })).statusCode).toBe(403);
    expect((await importCsv('sku;name\nCSV-CROQ;Intruso\n', { token: otherAdminToken })).statusCode).toBe(
      401,
    );
    const there = menuCsvImportResponseSchema.parse(
      (
        await importCsv('sku;name;price;vat\nCSV-CROQ;De la otra;1;10\n', {
          token: otherAdminToken,
          subdomain: 'otra',
          dryRun: true,
        })
      ).json(),
    );
    expect(there.changes[0]!.action).toBe('create');
    expect(await productRows()).toEqual(before);
  });
});
