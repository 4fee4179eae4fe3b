import type { ExternalToast } from "sonner";
import { requestToaster } from "./toaster-request";

/**
 * How long each kind of notification stays (spec section 9, "Notification durations"), in
 * milliseconds. Every toast in the app goes through `toast` below, so this table is the
 * only place these numbers live.
 */
export const TOAST_DURATIONS = {
  success: 4000,
  error: 5000,
  info: 3000,
  welcome: 5000,
  bookingConfirmation: 6000,
  reminder: 8000,
} as const;

export type ToastKind = keyof typeof TOAST_DURATIONS;

/** A toast's options, less its duration: that follows from its kind. */
export type ToastOptions = Omit<ExternalToast, "duration">;

type Show = (title: string, options?: ToastOptions) => void;

/**
 * Sonner itself (9 KiB) loads with the first toast, like its Toaster: most visits never show
 * one. Calls keep their order, since each waits on the same import.
 */
let sonner: Promise<typeof import("sonner")> | undefined;
const withSonner = (use: (library: typeof import("sonner")) => void): void => {
  sonner ??= import("sonner");
  void sonner.then(use);
};

const timed =
  (method: "success" | "error" | "info", kind: ToastKind): Show =>
  (title, options) => {
    requestToaster();
    withSonner(({ toast }) => toast[method](title, { ...options, duration: TOAST_DURATIONS[kind] }));
  };

/** The app's notifications, each with its kind's duration (top-right, see the Toaster). */
export const toast = {
  success: timed("success", "success"),
  error: timed("error", "error"),
  info: timed("info", "info"),
  /** A greeting after sign-up or login. */
  welcome: timed("success", "welcome"),
  /** 'Booking Confirmed!' with the booking's reference. */
  bookingConfirmation: timed("success", "bookingConfirmation"),
  /** 'Reminder: "{title}" starts in {time}!' */
  reminder: timed("info", "reminder"),
  dismiss: (id?: string | number) => withSonner(({ toast }) => toast.dismiss(id)),
};

/**
 * When this tab last confirmed a booking itself (with its reference). The bell's live
 * notifications skip a booking notification that arrives shortly after: the person has
 * just seen it here, and the booking area shows one toast at a time (spec section 4).
 */
let bookedHereAt = Number.NEGATIVE_INFINITY;

export function markBookedHere(now: number = Date.now()): void {
  bookedHereAt = now;
}

export function bookedHereSince(since: number): boolean {
  return bookedHereAt >= since;
}
