// Server state of a patient's time tracking: read when the bar opens, saved by the bar (last write wins). The cache keeps
// the last record saved, so a reload while offline resumes from it.
import { patientsContract, type TimeTracking } from '@chartside/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../../platform/api/api-client';
import { useApi } from '../../../../platform/platform-context';
import { patientKeys } from '../../../panel/queries';

const timeTrackingKey = (patientId: string) => [...patientKeys.detail(patientId), 'time-tracking'] as const;

export function useTimeTracking(patientId: string) {
  const api = useApi();
  return useQuery({
    queryKey: timeTrackingKey(patientId),
    queryFn: ({ signal }) => api.call(patientsContract.getTimeTracking, { params: { patientId }, signal }),
    // The bar reads the record once as it opens; a refetch later does not move its clock.
    refetchOnWindowFocus: false,
  });
}

export const saveTimeTracking = (api: ApiClient, queryClient: QueryClient, patientId: string, tracking: TimeTracking, keepalive = false) => {
  queryClient.setQueryData(timeTrackingKey(patientId), tracking);
  return api.call(patientsContract.putTimeTracking, { params: { patientId }, body: tracking, keepalive });
};
