import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { loadEnv } from '../config/env.ts';
import { DataDirBusyError } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/open-database.ts';
import { AppError } from '../http/app-error.ts';
import { translate } from '../i18n/messages.ts';
import { createStaffAccount } from '../modules/users/staff-accounts.service.ts';
import { createVenue } from '../modules/venues/venue-provisioning.service.ts';
import { equipNewVenue } from '../modules/venues/venue-starter.ts';

const USAGE = `Creates a venue and its first admin (outside demo mode there are no default accounts), with the\nsix copilot roles, a kitchen and a bar station, dish classes, invoice series, a cash drawer and a name\nfor the guests' ordering service.

  npm run venue:create -- --subdomain casa-pepe --name "Casa Pepe" --admin-email ana@casapepe.es [--admin-name Ana]
                          [--time-zone Europe/Madrid] [--custom-host reservas.casapepe.es] [--default]

The admin password is read from standard input (one line), so it never appears in the shell history
or the process list. Uses DATABASE_URL or DATA_DIR like the server; stop an embedded-database server first.`;

async function readPassword(): Promise<string> {
  const input = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY,
  });
  const answer = await input.question(process.stdin.isTTY ? 'Admin password: ' : '');
  input.close();
  // Exactly as typed: readline has already taken the line break off, and spaces are part of a passphrase.
  return answer;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      subdomain: { type: 'string' },
      name: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-name': { type: 'string' },
      'time-zone': { type: 'string' },
      'custom-host': { type: 'string' },
      default: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.subdomain || !values.name || !values['admin-email']) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const password = await readPassword();
  const database = await openDatabase(loadEnv());
  try {
    const venue = await database.db.transaction(async (tx) => {
      const created = await createVenue(tx, {
        subdomain: values.subdomain!,
        businessName: values.name!,
        timeZone: values['time-zone'],
        customHost: values['custom-host'],
        isDefault: values.default ?? false,
      });
      // The admin may take every role, Sala first, to try each screen before inviting the team.
      const roleIds = await equipNewVenue(tx, created);
      await createStaffAccount(tx, {
        venueId: created.id,
        email: values['admin-email']!,
        name: values['admin-name'] ?? values['admin-email']!,
        password,
        isAdmin: true,
        copilotEnabled: true,
        roleIds,
      });
      return created;
    });
    console.log(`Venue "${venue.businessName}" created (id ${venue.id}, subdomain ${venue.subdomain}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof AppError) console.error(translate(error.messageKey, 'en', error.options.params));
  else if (error instanceof DataDirBusyError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
