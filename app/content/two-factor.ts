// Every text of two-factor sign-in: the sign-in screen's code step and the account page's section
// (docs/product.md#accounts).
export const codeStep = {
  title: "Two-factor code",
  lead: "Enter the 6-digit code from your authenticator app. Lost your phone? Use one of your backup codes.",
  label: "Code",
  hint: "A 6-digit code from your app, or a 10-character backup code.",
  submit: "Verify code",
  pending: "Verifying ...",
  startAgain: "Start again",
};

export const twoFactorCopy = {
  title: "Two-factor sign-in",
  offText: "Add a second step to signing in: after your password or an emailed link, a 6-digit code from an authenticator app on your phone.",
  onText: "On. Signing in asks for a code from your authenticator app after your password or emailed link.",
  requiredForOwner: "This site requires the owner to use two-factor sign-in. Set it up to use the owner's pages.",
  setUp: "Set up two-factor sign-in",
  settingUp: "Preparing ...",
  scan: "Scan this QR code with your authenticator app (the code is drawn here in your browser, nothing is sent anywhere).",
  qrLabel: "QR code for your authenticator app",
  secretLabel: "Or type this key into the app",
  uriLabel: "Or open this link in a desktop authenticator app",
  confirmLabel: "6-digit code from the app",
  confirm: "Turn on two-factor sign-in",
  confirming: "Checking ...",
  backupTitle: "Your backup codes",
  backupText:
    "Each code signs you in once if you lose your phone. Save them somewhere safe now: they are shown only this once, and we keep only a scrambled form.",
  backupLeft: (count: number) => `${count} unused backup ${count === 1 ? "code" : "codes"} left.`,
  codeLabel: "Current code from your app, or a backup code",
  disable: "Turn off two-factor sign-in",
  disabling: "Turning off ...",
  renew: "New backup codes",
  renewing: "Creating ...",
};
