import { useAppSelector } from '../../../app/hooks';
import { selectWelcomeMessageAccepted } from '../slice';
import { WelcomeDialogView } from './welcome-dialog-view';

export interface WelcomeDialogProps {
  /** The configuration's showWelcomeMessage. */
  enabled: boolean;
  paragraphs: readonly string[];
}

/** The welcome message until it is accepted (spec §2); nothing once it has been, or when it is disabled. */
export function WelcomeDialog({ enabled, paragraphs }: WelcomeDialogProps) {
  const accepted = useAppSelector(selectWelcomeMessageAccepted);
  if (!enabled || accepted) return null;
  return <WelcomeDialogView paragraphs={paragraphs} />;
}
