import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTabs } from '../../stores/tabs';

/** Goes to `path` and closes the tab of the page left (an add or edit page after saving). */
export function useLeavePage(): (path: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (path: string) => {
      navigate(path);
      useTabs.getState().close(pathname);
    },
    [navigate, pathname],
  );
}
