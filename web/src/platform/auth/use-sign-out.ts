// Logout: end the session, leave for the login page, then drop every cached answer of the signed-out user.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from './session';

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOut();
    await navigate('/login', { replace: true });
    queryClient.clear();
  }, [navigate, queryClient]);
}
