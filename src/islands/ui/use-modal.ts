import { useEffect, useId, useRef, type SyntheticEvent } from 'react';

/**
 * A native <dialog> shown as a modal while its component is mounted: focus stays inside it, and Escape goes through
 * `onClose` (the dialog is never closed behind React's back). Spread `dialog` onto the <dialog>; `titleId` names its
 * heading.
 */
export function useModal(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const onCancel = (e: SyntheticEvent) => {
    e.preventDefault();
    onClose();
  };
  return { titleId, dialog: { ref, 'aria-labelledby': titleId, onCancel } };
}
