// What `npm run deploy` refuses to ship, decided from facts alone: the parsed wrangler.toml and the names of the
// Worker's secrets (wrangler lists names, never values). No I/O here, so that every refusal can be proven by a test.

export const DATABASE_BINDING = "DB";
export const PLACEHOLDER_DATABASE_ID = "00000000-0000-0000-0000-000000000000";

const mailHowTo =
  "set MAIL_FROM in wrangler.toml [vars] (an address on a domain your mail API has verified) and run `npx wrangler secret put MAIL_API_KEY`";

/** Refusals that need nothing but wrangler.toml (also checked before remote migrations). */
export function configRefusals(config) {
  return [databaseIdRefusal(config)].filter(Boolean);
}

/** Every refusal and warning for a deploy. Refusals stop it; warnings are printed and the deploy goes on. */
export function deployChecks({ config, secretNames }) {
  const settings = deployedSettings(config, secretNames);
  const refusals = [...configRefusals(config), authSecretRefusal(config, settings), outboxRefusal(settings)].filter(Boolean);
  const warnings = [mailWarning(settings)].filter(Boolean);
  return { refusals, warnings };
}

function databaseIdRefusal(config) {
  const database = (config.d1_databases ?? []).find((entry) => entry.binding === DATABASE_BINDING);
  if (!database) {
    return {
      code: "database-missing",
      message: `wrangler.toml has no D1 database with binding = "${DATABASE_BINDING}". Restore its [[d1_databases]] block: the app stores everything there.`,
    };
  }
  if (database.database_id && database.database_id !== PLACEHOLDER_DATABASE_ID) return null;
  return {
    code: "database-id-placeholder",
    message:
      `wrangler.toml still has the placeholder database_id (${PLACEHOLDER_DATABASE_ID}) for the D1 database "${DATABASE_BINDING}". ` +
      `Create the database with \`npx wrangler d1 create ${database.database_name ?? "parley"}\` and put the database_id it prints into wrangler.toml.`,
  };
}

function authSecretRefusal(config, settings) {
  if (settings.secrets.has("AUTH_SECRET")) return null;
  const inVars = settings.vars.AUTH_SECRET !== undefined ? " A [vars] entry does not count: wrangler.toml is committed, so remove it there." : "";
  return {
    code: "auth-secret-missing",
    message:
      `AUTH_SECRET is not set as a secret of the Worker "${config.name ?? "parley"}": without it nobody can sign in (sign-in answers 503). ` +
      `Set it with \`openssl rand -base64 48 | npx wrangler secret put AUTH_SECRET\`.${inVars}`,
  };
}

function outboxRefusal(settings) {
  const outbox = outboxSource(settings);
  if (!outbox) return null;
  if (!mailConfigured(settings)) {
    return {
      code: "outbox-without-mail",
      message:
        `DEV_OUTBOX is on (${outbox.where}) and mail is not configured: every account email (sign-in links, codes, password resets) ` +
        `would be kept in the development outbox, which anyone can read at /dev/outbox. ${outbox.remedy}, then ${mailHowTo}.`,
    };
  }
  return {
    code: "outbox-on",
    message: `DEV_OUTBOX is on (${outbox.where}): the development outbox page /dev/outbox would exist on the deployed site. ${outbox.remedy}; mail is configured and goes through the mail API.`,
  };
}

function mailWarning(settings) {
  if (mailConfigured(settings) || outboxSource(settings)) return null;
  return {
    code: "mail-not-configured",
    message: `Mail is not configured: sign-up, magic links, codes and password resets will answer 503 "Email is not configured on this server". To send mail, ${mailHowTo}.`,
  };
}

/** What the deployed Worker will see: [vars] from wrangler.toml (a deploy replaces the Worker's vars) and the secrets already set. */
function deployedSettings(config, secretNames) {
  const vars = config.vars ?? {};
  return { vars, secrets: new Set(secretNames) };
}

function hasSetting(settings, name) {
  const value = settings.vars[name];
  return settings.secrets.has(name) || (typeof value === "string" ? value.trim() !== "" : value !== undefined);
}

/** The Worker sends mail only with both set (createMailer in worker/services/mail/mailer.ts). */
function mailConfigured(settings) {
  return hasSetting(settings, "MAIL_FROM") && hasSetting(settings, "MAIL_API_KEY");
}

/** The Worker's outbox is on only for DEV_OUTBOX === "1"; a secret's value cannot be read, so a DEV_OUTBOX secret counts as on. */
function outboxSource(settings) {
  if (settings.secrets.has("DEV_OUTBOX")) {
    return { where: "it is a secret of the Worker", remedy: "Delete it with `npx wrangler secret delete DEV_OUTBOX`" };
  }
  if (settings.vars.DEV_OUTBOX === "1") {
    return { where: 'DEV_OUTBOX = "1" in wrangler.toml [vars]', remedy: "Remove DEV_OUTBOX from wrangler.toml [vars]" };
  }
  return null;
}
