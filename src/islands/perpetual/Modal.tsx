import type { ReactNode } from 'react';
import { useModal } from '../ui/use-modal.ts';

/** A modal dialog on the native <dialog>, open while mounted; Escape and the backdrop's close go through onClose. */
export function Modal({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { titleId, dialog } = useModal(onClose);
  return (
    <dialog {...dialog} className="confirm-dialog perp-trade-dialog" data-testid={testId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
