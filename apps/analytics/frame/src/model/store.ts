/**
 * A minimal external store (the shape `useSyncExternalStore` reads): an immutable snapshot replaced on update,
 * listeners told after each replacement.
 */
export interface Store<S> {
  getSnapshot(): S;
  subscribe(listener: () => void): () => void;
  update(change: (state: S) => S): void;
}

/** `const store = createStore({ count: 0 }); store.update((s) => ({ ...s, count: s.count + 1 }));` */
export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(change) {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
  };
}
