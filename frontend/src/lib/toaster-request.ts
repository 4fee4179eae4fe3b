import { useSyncExternalStore } from "react";

/**
 * Whether the app has shown a toast yet. The Toaster (and sonner, its library) only loads
 * once one is asked for: most visits never see a toast, so they never download it. Sonner
 * keeps toasts made before its Toaster subscribes and shows them when it does.
 */
let requested = false;
const listeners = new Set<() => void>();

/** Called by src/lib/toast.ts with every toast: the first one mounts the Toaster. */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast has been asked for (never during server rendering). */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
