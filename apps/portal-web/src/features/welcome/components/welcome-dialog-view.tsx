import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { welcomeMessageAccepted } from '../slice';

/**
 * The welcome message (spec §2): title, the configured paragraphs and an accept button, in a native modal
 * `<dialog>` (the top layer makes the page inert; styles in app/shell.css), so a first visit does not load MUI.
 * Only accepting closes it: a backdrop click does nothing, Escape's cancel is refused, and should the browser
 * close it anyway (Chrome does on a second Escape with no click in between) it opens again.
 */
export function WelcomeDialogView({ paragraphs }: { paragraphs: readonly string[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const refuse = (event: Event) => event.preventDefault();
    const reopen = () => {
      if (!dialog.open && dialog.isConnected) dialog.showModal();
    };
    dialog.addEventListener('cancel', refuse);
    dialog.addEventListener('close', reopen);
    reopen();
    acceptRef.current?.focus();
    return () => {
      dialog.removeEventListener('cancel', refuse);
      dialog.removeEventListener('close', reopen);
      dialog.close();
    };
  }, []);

  return (
    <dialog ref={dialogRef} className="portal-dialog" aria-labelledby="welcome-title">
      <h2 id="welcome-title" className="portal-dialog-title">
        {t('Welcome.title')}
      </h2>
      <div className="portal-dialog-content">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <div className="portal-dialog-actions">
        <button
          ref={acceptRef}
          type="button"
          className="portal-button portal-button-contained"
          onClick={() => dispatch(welcomeMessageAccepted())}
        >
          {t('Welcome.accept')}
        </button>
      </div>
    </dialog>
  );
}
