// A page's clock: one Date for everything it shows (so memo'd parts are not rendered again on each render), moving on
// now and then while the page stays open. The panel's cards and the patient's tasks use it.
import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (so 'Overdue' and ages stay right while the page stays open). */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
