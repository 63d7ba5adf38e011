/**
 * Holds the messages that arrive while a kind's chunk downloads — the host posts its load as soon as the iframe's
 * load event fires, which can be before the chunk's router listens — and hands them to the mounted module's
 * listeners afterwards, as the same events (source and origin intact, so the router's checks still apply).
 */
export function holdMessages(target: Window = window): () => void {
  const held: MessageEvent[] = [];
  const hold = (event: MessageEvent) => held.push(event);
  target.addEventListener('message', hold);
  return () => {
    target.removeEventListener('message', hold);
    for (const event of held) {
      target.dispatchEvent(
        new MessageEvent('message', {
          data: event.data as unknown,
          origin: event.origin,
          source: event.source,
          ports: [...event.ports],
        }),
      );
    }
  };
}
