import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useT } from '../i18n';
import { Button } from './button';
import { DialogFormsContext, type DialogForms } from './dialog-forms';

/**
 * A modal dialog with a title and a close button; Escape and the backdrop close it when dismissable. When a form
 * inside holds typed values, Escape, the backdrop and × ask first ('Discard changes?'); Cancel buttons and a
 * successful save call `onClose` themselves and close at once.
 */
export function Dialog({
  title,
  isOpen,
  onClose,
  children,
  size = 'md',
  isDismissable = true,
  isBusy = false,
}: {
  title: ReactNode;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  isDismissable?: boolean;
  /** A write is under way: ×, Escape and the backdrop wait for it. */
  isBusy?: boolean;
}) {
  const t = useT();
  const forms = useRef(new Set<() => boolean>());
  const registry = useMemo<DialogForms>(
    () => ({
      add: (filled) => {
        forms.current.add(filled);
        return () => forms.current.delete(filled);
      },
    }),
    [],
  );
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if ([...forms.current].some((filled) => filled())) setAsking(true);
    else onClose();
  };
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && requestClose()}
      isDismissable={isDismissable && !asking && !isBusy}
      isKeyboardDismissDisabled={asking || isBusy}
      className="modal-overlay"
    >
      <Modal className={`modal modal-${size}`}>
        <AriaDialog className="dialog">
          <header className="dialog-header">
            <Heading slot="title" className="dialog-title">
              {title}
            </Heading>
            <button type="button" className="dialog-close" aria-label={t('common.close')} onClick={requestClose} disabled={isBusy}>
              ×
            </button>
          </header>
          <DialogFormsContext.Provider value={registry}>
            <div className="dialog-body">{children}</div>
          </DialogFormsContext.Provider>
        </AriaDialog>
      </Modal>
      {asking ? (
        <DiscardQuestion
          onKeep={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            onClose();
          }}
        />
      ) : null}
    </ModalOverlay>
  );
}

/** 'Discard changes?': Keep editing (the default, and Escape) or Discard. */
function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const t = useT();
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onKeep()} className="modal-overlay">
      <Modal className="modal modal-sm">
        <AriaDialog role="alertdialog" className="dialog">
          <header className="dialog-header">
            <Heading slot="title" className="dialog-title">
              {t('dialog.discard.title')}
            </Heading>
          </header>
          <div className="dialog-body">
            <p>{t('dialog.discard.body')}</p>
            <div className="form-actions">
              <Button variant="ghost" onPress={onDiscard}>
                {t('dialog.discard.confirm')}
              </Button>
              <Button variant="primary" autoFocus onPress={onKeep}>
                {t('dialog.discard.keep')}
              </Button>
            </div>
          </div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
