// Once a form or a confirmation closes, the focus goes back where the user started from (a keyboard user is not sent to
// the top of the page). The element may come a render later (a saved row shows once the save is in the list): the
// effect runs again when `shown` changes.
import { useEffect, useRef } from 'react';

/** `closed`: nothing is open any more. Returns the call that names (by id) the element to focus then. */
export function useReturnFocus(closed: boolean, shown?: unknown): (elementId: string) => void {
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (!closed || returnTo.current === null) return;
    const target = document.getElementById(returnTo.current);
    if (!target) return;
    target.focus();
    returnTo.current = null;
  }, [closed, shown]);
  return (elementId: string) => {
    returnTo.current = elementId;
  };
}
