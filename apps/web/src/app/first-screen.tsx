import { LiveFeed } from '../features/live-feed/live-feed.tsx';
import { SignInForm } from '../features/staff-session/sign-in-form.tsx';
import { StaffPanel } from '../features/staff-session/staff-panel.tsx';
import { useStaffSession } from '../features/staff-session/use-staff-session.ts';
import { VenueHeading } from '../features/venue/venue-heading.tsx';
import { texts } from '../i18n/texts.ts';

/** The first screen: the venue, staff sign-in, and once signed in the live connection. */
export function FirstScreen() {
  const { session, signIn, signOut } = useStaffSession();
  return (
    <>
      <header className="app-header">
        <div className="container">
          <p className="brand">{texts.appName}</p>
          <VenueHeading />
        </div>
      </header>
      <main className="container">
        {session.status === 'restoring' && (
          <p role="status" className="muted">
            {texts.session.restoring}
          </p>
        )}
        {session.status === 'signed-out' && <SignInForm onSignIn={signIn} />}
        {session.status === 'signed-in' && (
          <StaffPanel user={session.user} onSignOut={signOut}>
            <LiveFeed token={session.token} />
          </StaffPanel>
        )}
      </main>
    </>
  );
}
