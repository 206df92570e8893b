import { useCallback, useState } from 'react';

const STORAGE_KEY = 'admin-sidebar-collapsed';

function readSaved(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the desktop sidebar is collapsed to icons; remembered on this device. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [isCollapsed, setCollapsed] = useState(readSaved);
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      try {
        localStorage.setItem(STORAGE_KEY, String(next));
      } catch {
        // Private mode without storage: the choice lasts until the page reloads.
      }
      return next;
    });
  }, []);
  return [isCollapsed, toggle];
}
