// Every text of the /auth screen in one place (the screen: docs/product.md#accounts).
import type { AuthView } from "~/lib/auth-client";

export const authHeader = "Privacy-first. Zero telemetry. HIPAA mode available.";

export const authMeta = {
  description: "Sign in to Parley or create an account. Privacy-first. Zero telemetry. HIPAA mode available.",
};

type ViewCopy = { title: string; lead: string; submit: string; pending: string };

export const viewCopy: Record<AuthView, ViewCopy> = {
  sign_in: { title: "Sign in", lead: "Welcome back. Sign in with your email and password.", submit: "Sign in", pending: "Signing in ..." },
  sign_up: { title: "Create your account", lead: "We will email you a link to confirm your address.", submit: "Sign up", pending: "Signing up ..." },
  forgotten_password: {
    title: "Reset your password",
    lead: "Enter your email and we will send you a link to choose a new password.",
    submit: "Send reset password instructions",
    pending: "Sending reset instructions ...",
  },
  magic_link: {
    title: "Sign in with a magic link",
    lead: "No password needed: we will email you a link that signs you in.",
    submit: "Send Magic Link",
    pending: "Sending Magic Link ...",
  },
  update_password: {
    title: "Choose a new password",
    lead: "Enter a new password for your account.",
    submit: "Update password",
    pending: "Updating password ...",
  },
  verify_otp: {
    title: "Sign in with a one-time code",
    lead: "We will email you a 6-digit code to sign in with.",
    submit: "Verify token",
    pending: "Verifying ...",
  },
};

export const sendCode = { submit: "Send code", pending: "Sending code ...", resend: "Send a new code", changeEmail: "Use a different email" };

export const fieldLabels = {
  email: "Email address",
  password: "Password",
  newPassword: "New password",
  code: "6-digit code",
  passwordHint: "8 to 128 characters. A long phrase is easy to remember and hard to guess.",
  codeHint: "The code is in the email we just sent. It works once and expires soon.",
};

/** The confirmations (docs/product.md#accounts). */
export const confirmations = {
  signUp: "Check your email for the confirmation link",
  magicLink: "Check your email for the magic link",
  recovery: "Check your email for the password reset link",
  passwordUpdated: "Your password has been updated",
  otpSent: "Check your email for the 6-digit code",
};

export const viewLinks = {
  forgotPassword: "Forgot your password?",
  signUp: "Don't have an account? Sign up",
  signIn: "Already have an account? Sign in",
  magicLink: "Send a magic link email",
  otp: "Sign in with a one-time code",
};

export const linkStates = {
  verifying: "Checking your link ...",
  useLink: "Press Continue to use the link from your email.",
  redirecting: "You are signed in. Taking you there ...",
  continue: "Continue",
  signedInAs: "You are signed in as",
  recoveryNeedsSession: "Open the link from your password reset email to choose a new password here.",
  requestNewLink: "Send me a new link",
};

/** Signing in with a passkey (docs/decisions/0016-passkeys.md). */
export const passkeyCopy = {
  divider: "or",
  button: "Sign in with a passkey",
  pending: "Waiting for your passkey ...",
  needsJavaScript: "Signing in with a passkey needs JavaScript. You can sign in with your password or an emailed link or code.",
  unsupported: "This browser cannot use passkeys.",
};
