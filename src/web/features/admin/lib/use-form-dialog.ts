import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The create / edit dialog of a back-office list: `editing` is the item being edited (null
 * creates one). With `openFromAddress`, arriving with '?novo=1' (the dashboard's quick actions)
 * opens the create form once, and the address is cleaned so a reload does not open it again.
 */
export function useFormDialog<T>({ openFromAddress = false }: { openFromAddress?: boolean } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = openFromAddress && searchParams.get('novo') === '1';
  const [editing, setEditing] = useState<T | null>(null);
  const [isOpen, setOpen] = useState(asked);

  useEffect(() => {
    if (!asked) return;
    setSearchParams(
      (params) => {
        params.delete('novo');
        return params;
      },
      { replace: true },
    );
  }, [asked, setSearchParams]);

  return {
    editing,
    isOpen,
    setOpen,
    openCreate() {
      setEditing(null);
      setOpen(true);
    },
    openEdit(item: T) {
      setEditing(item);
      setOpen(true);
    },
  };
}
