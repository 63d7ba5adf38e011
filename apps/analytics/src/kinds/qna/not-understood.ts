/** Why a question cannot be answered; its message is shown to the person who asked. */
export class NotUnderstood extends Error {
  override readonly name = 'NotUnderstood';
}
