// Every signed-in route renders inside this layout: first the login session (checked, or chosen in the
// 'Login Session Options' dialog), then the shell around the page, its rich-text editors served templates and images.
import { RichTextServicesProvider } from './RichTextServicesProvider';
import { SessionGate } from './session/SessionGate';
import { Shell } from './shell/Shell';

export function SignedInLayout() {
  return (
    <SessionGate>
      <RichTextServicesProvider>
        <Shell />
      </RichTextServicesProvider>
    </SessionGate>
  );
}
