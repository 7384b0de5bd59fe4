// Every signed-in route renders inside this layout: first the login session (checked, or chosen in the
// 'Login Session Options' dialog), then the shell around the page.
import { SessionGate } from './session/SessionGate';
import { Shell } from './shell/Shell';

export function SignedInLayout() {
  return (
    <SessionGate>
      <Shell />
    </SessionGate>
  );
}
