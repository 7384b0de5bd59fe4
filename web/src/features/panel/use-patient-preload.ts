// Opening a patient waits for the patient screen's code, the patient's record, and the edits kept on this device.
// Once the panel's list has come and the page is idle, the code and the rich-text editor load and the kept edits'
// database opens (not before: some 250 KB that would share the network with the list and hold back the first cards);
// the record is fetched as a card's link is pressed, some 100 ms before the click that follows, so it is on its way.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type PointerEvent } from 'react';
import { loadEditor } from '../../components/rich-text/load-editor';
import { openDraftStore } from '../../platform/autosave/draft-store';
import { useApi } from '../../platform/platform-context';
import { whenIdle } from '../../platform/when-idle';
import { loadPatientScreen } from '../patient/load-patient-screen';
import { patientQuery } from './queries';

const PATIENT_PATH = /^\/panel\/([^/]+)$/;

/** Returns the pointer-down handler for the list of cards (one for all of them, not one per card). */
export function usePatientPreload(listSettled: boolean): (event: PointerEvent<HTMLElement>) => void {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!listSettled) return;
    return whenIdle(() => {
      void loadPatientScreen();
      void loadEditor();
      openDraftStore();
    });
  }, [listSettled]);
  return (event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const id = link ? PATIENT_PATH.exec(new URL(link.href).pathname)?.[1] : undefined;
    if (id) void queryClient.prefetchQuery(patientQuery(api, decodeURIComponent(id)));
  };
}
