// A public session's browser signs out at its expiry (spec section 4): a timer, plus a look at the clock whenever
// the tab comes back to the foreground (timers of sleeping tabs and computers run late).
import { useEffect, useEffectEvent } from 'react';

export function useSessionExpiry(expiresAt: string | null, onExpired: () => void): void {
  const expire = useEffectEvent(onExpired);

  useEffect(() => {
    if (!expiresAt) return;
    const at = Date.parse(expiresAt);
    let done = false;
    const check = () => {
      if (done || Date.now() < at) return;
      done = true;
      expire();
    };
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => (Date.now() < at ? schedule() : check()), Math.max(0, at - Date.now()));
    };
    schedule();
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
    };
  }, [expiresAt]);
}
