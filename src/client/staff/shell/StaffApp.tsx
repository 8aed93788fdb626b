import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { ConsoleHeader } from './ConsoleHeader.js';
import { QueryError } from '../ui/components/QueryError.js';
import { consoleRoutes, mayOpen, navigationFor, pathOf, type ConsoleRoute } from './screens.js';
import { SignInForm } from './SignInForm.js';
import { useMe, useSignIn, useSignOut } from '../session/hooks/use-session.js';

const HOME = '/staff';

function Notice({ text }: { text: string }) {
  return (
    <section className="staff-card">
      <h1>{text}</h1>
    </section>
  );
}

function SignIn() {
  const signIn = useSignIn();
  return (
    <main className="staff-main">
      {/* The server's own words: a wrong password, or how long a locked sign-in still waits. */}
      <SignInForm
        error={signIn.error?.message}
        onSubmit={(email, password) =>
          signIn.mutateAsync({ email, password }).then(
            () => undefined,
            () => undefined,
          )
        }
      />
    </main>
  );
}

export interface StaffAppProps {
  /** The route table (screens.tsx); tests and stories may give another. */
  routes?: readonly ConsoleRoute[];
}

/**
 * The staff console: sign-in, then the screens of the colleague's role, each at its own address.
 * Signed out on any screen (or the session ended), the sign-in form shows at the same address, so
 * a link sent by a colleague opens where it points once signed in.
 */
export function StaffApp({ routes = consoleRoutes }: StaffAppProps) {
  const me = useMe();
  const signOut = useSignOut();
  if (me.isPending) return <p className="staff-loading">{faConsole.staff.loading}</p>;
  if (me.isError) {
    return (
      <main className="staff-main">
        <QueryError error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  if (!me.data) return <SignIn />;
  const { role } = me.data;
  const links = navigationFor(role, routes);
  return (
    <>
      <ConsoleHeader me={me.data} links={links} onSignOut={() => signOut.mutate()} />
      <main className="staff-main">
        <QueryError error={signOut.error} />
        <Suspense fallback={<p className="staff-loading">{faConsole.staff.loading}</p>}>
          <Routes>
            <Route
              path={HOME}
              element={links[0] ? <Navigate to={links[0].path} replace /> : <Notice text={faConsole.staff.noScreens} />}
            />
            {routes.map(({ screen, Screen }) => (
              <Route
                key={screen}
                path={pathOf(screen)}
                element={mayOpen(role, screen) ? <Screen /> : <Notice text={faConsole.staff.notYourScreen} />}
              />
            ))}
            <Route path="*" element={<Notice text={faConsole.staff.screenNotFound} />} />
          </Routes>
        </Suspense>
      </main>
    </>
  );
}
