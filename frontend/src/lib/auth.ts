import { createContext, useContext } from "react";
import type { User } from "@/lib/user";

/** "checking" only while a returning visitor's session is being confirmed at start-up. */
export type AuthStatus = "checking" | "signedIn" | "signedOut";

/** Why the last sign-out happened: the person chose it, or the server ended the session. */
export type SignOutReason = "chosen" | "expired";

export interface AuthContextValue {
  user: User | null;
  status: AuthStatus;
  /** After a successful login or sign-up (also merges preferences saved as a guest). */
  signedIn: (user: User) => void;
  /** After the server changed the person's details (profile edit, email confirmed). */
  updateUser: (user: User) => void;
  /** Asks the server again who is signed in (for example after confirming an email). */
  refreshUser: () => Promise<void>;
  /** After logout or account deletion ("chosen"), or when the server says the session is gone. */
  signedOut: (reason?: SignOutReason) => void;
  /** Set once someone has been signed out during this visit. */
  signOutReason: SignOutReason | null;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}
