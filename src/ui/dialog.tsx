import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useT } from '../i18n';

/** A modal dialog with a title and a close button; Escape and the backdrop close it when dismissable. */
export function Dialog({
  title,
  isOpen,
  onClose,
  children,
  size = 'md',
  isDismissable = true,
}: {
  title: ReactNode;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  isDismissable?: boolean;
}) {
  const t = useT();
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable={isDismissable} className="modal-overlay">
      <Modal className={`modal modal-${size}`}>
        <AriaDialog className="dialog">
          <header className="dialog-header">
            <Heading slot="title" className="dialog-title">
              {title}
            </Heading>
            <button type="button" className="dialog-close" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          </header>
          <div className="dialog-body">{children}</div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
