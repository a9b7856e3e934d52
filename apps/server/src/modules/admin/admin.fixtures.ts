import { givenStaff, givenVenue, signIn, type TestApp } from '../../test/test-app.ts';

type VenueOptions = Omit<Parameters<typeof givenVenue>[1], 'subdomain'>;

/**
 * Whom the admin area's tests call as: venue casa with its admin (`adminToken`) and a staff member of no
 * role (`salaToken`), and venue otra with its own admin (`otherAdminToken`), each signed in on their venue.
 */
export async function givenAdminVenues(
  t: TestApp,
  options: { readonly casa?: VenueOptions; readonly otra?: VenueOptions; readonly adminName?: string } = {},
) {
  const casa = await givenVenue(t, { ...options.casa, subdomain: 'casa' });
  const otra = await givenVenue(t, { ...options.otra, subdomain: 'otra' });
  const admin = await givenStaff(t, {
    venueId: casa.id,
    email: 'admin@casa.test',
    isAdmin: true,
    ...(options.adminName === undefined ? {} : { name: options.adminName }),
  });
  await givenStaff(t, { venueId: casa.id, email: 'sala@casa.test', roleIds: [] });
  await givenStaff(t, { venueId: otra.id, email: 'admin@otra.test', isAdmin: true });
  return {
    casa,
    otra,
    adminId: admin.id,
    adminToken: await signIn(t, 'casa', 'admin@casa.test'),
    salaToken: await signIn(t, 'casa', 'sala@casa.test'),
    otherAdminToken: await signIn(t, 'otra', 'admin@otra.test'),
  };
}
