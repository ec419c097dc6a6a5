// The account page's two-factor forms (docs/product.md#accounts), posted by a fetcher with JavaScript on and by the
// browser without it: the same services, schemas and limits as /api/auth/two-factor. Also the section's loader data.
import { data } from "react-router";
import type { SessionUser } from "@core/schemas/auth";
import type { FormResult } from "@core/schemas/form-result";
import { TWO_FACTOR_INTENTS, twoFactorCodeSchema, twoFactorSetupCodeSchema, type TwoFactorSection } from "@core/schemas/two-factor";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateBackupCodes,
  twoFactorOverview,
  type TwoFactorDeps,
} from "@worker/services/auth/two-factor/enrolment";
import { ownerRequiresTwoFactor } from "@worker/services/auth/two-factor/owner-requirement";
import { NotSignedIn } from "@worker/services/errors";
import { findAccount } from "@worker/services/account/data";
import { formFailure, guardFormAction, runFormAction } from "~/lib/form-action.server";

type Deps = TwoFactorDeps & { env: Env };
type Signed = { userId: string; headers: Headers; services: Deps };
type Fields = Record<string, string>;

const INTENTS: readonly string[] = Object.values(TWO_FACTOR_INTENTS);
export const isTwoFactorIntent = (intent: string | undefined) => intent !== undefined && INTENTS.includes(intent);

/** The section's data for the account page's loader. */
export async function twoFactorSection(deps: Deps, user: SessionUser): Promise<TwoFactorSection> {
  return { ...(await twoFactorOverview(deps, user)), requiredForOwner: user.isOwner && ownerRequiresTwoFactor(deps.env) };
}

async function currentUser({ services, userId }: Signed) {
  const account = await findAccount(services.db, userId);
  if (!account) throw new NotSignedIn();
  return { id: account.id, email: account.email };
}

async function setUp(signed: Signed, fields: Fields) {
  const intent = TWO_FACTOR_INTENTS.setup;
  const refused = await guardFormAction(intent, fields, async () => beginTwoFactorSetup(signed.services, await currentUser(signed)), {
    headers: signed.headers,
  });
  // The secret is not the answer: the page's loader shows the pending setup (so a wrong code or a reload keeps it).
  return refused ?? data<FormResult<null>>({ ok: true, intent, data: null }, { headers: signed.headers });
}

/** Runs the form the post names (one of TWO_FACTOR_INTENTS), each counted per account first. */
export async function twoFactorFormAction(signed: Signed, fields: Fields) {
  const intent = fields.intent ?? "";
  const options = { headers: signed.headers };
  const refused = await guardFormAction(
    intent,
    fields,
    () => enforceRateLimit(signed.services.db, RATE_LIMITS.twoFactorManage, signed.userId),
    options,
  );
  if (refused) return refused;
  const { services, userId } = signed;
  switch (intent) {
    case TWO_FACTOR_INTENTS.setup:
      return setUp(signed, fields);
    case TWO_FACTOR_INTENTS.enable:
      return runFormAction(intent, fields, twoFactorSetupCodeSchema, ({ code }) => confirmTwoFactorSetup(services, userId, code), options);
    case TWO_FACTOR_INTENTS.disable:
      return runFormAction(
        intent,
        fields,
        twoFactorCodeSchema,
        async ({ code }) => disableTwoFactor(services, userId, code).then(() => null),
        options,
      );
    case TWO_FACTOR_INTENTS.backupCodes:
      return runFormAction(intent, fields, twoFactorCodeSchema, ({ code }) => regenerateBackupCodes(services, userId, code), options);
    default:
      return formFailure(intent, fields, new Error("unreachable: not a two-factor intent"), options);
  }
}
