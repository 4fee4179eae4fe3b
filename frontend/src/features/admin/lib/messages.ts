/** The spec's admin toasts (section 8), word for word. */
export const ADMIN_TOASTS = {
  userUpdated: "User updated successfully",
  eventUpdated: "Event updated successfully",
  bookingUpdated: "Booking updated successfully",
  userCreated: "User created successfully",
  eventCreated: "Event created successfully",
  blogPostCreated: "Blog post created successfully",
  bulkDone: "Bulk action completed successfully",
  emailsSent: "Emails sent successfully",
  updateFailed: "Update failed",
  creationFailed: "Creation failed",
  bulkFailed: "Bulk action failed",
  emailFailed: "Email sending failed",
  exportFailed: "Export failed",
  accessDenied: "Access Denied",
  accessGranted: "Access Granted",
  invalidPassword: "Invalid admin password. Please try again.",
  passwordRequired: "Password Required",
  noItemsSelected: "No items selected",
  missingInformation: "Missing information",
  fillInAllFields: "Please fill in all fields",
} as const;

/** What to say when the server gave no message. */
export const TRY_AGAIN = "Something went wrong. Please try again.";

/** "Sent to 1 user" / "Sent to 12 users". */
export function sentTo(count: number): string {
  return `Sent to ${count} ${count === 1 ? "user" : "users"}`;
}

/** "1 person was told" / "3 people were told". */
export function peopleTold(count: number): string {
  return count === 1 ? "1 person was told" : `${count} people were told`;
}
