// Finds an OpenAI-compatible model server already running on this machine (Ollama, llama.cpp server), so that
// `npm start` can give the chat and the translator a real model without any setup. Only loopback is probed.

/** Where the usual local servers listen by default, in the order they are tried. */
export const LOCAL_MODEL_SERVERS = [
  { name: "Ollama", baseUrl: "http://127.0.0.1:11434/v1" },
  { name: "llama.cpp server", baseUrl: "http://127.0.0.1:8080/v1" },
];

/** Short: a server that is not there refuses at once, and one that hangs must not hold up the start. */
export const PROBE_TIMEOUT_MS = 800;

/** The model ids a server lists at GET {baseUrl}/models, or null when it does not answer like an OpenAI server. */
export async function listModels(baseUrl, { timeoutMs = PROBE_TIMEOUT_MS } = {}) {
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/models`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const body = await response.json();
    if (!Array.isArray(body?.data)) return null;
    return body.data.map((model) => model?.id).filter((id) => typeof id === "string" && id.length > 0);
  } catch {
    return null;
  }
}

/**
 * The first server that answers, with its first model: { name, baseUrl, model }, where model is null when the
 * server answers but has no model yet (e.g. Ollama before `ollama pull`). Null when none answers.
 */
export async function findLocalModel(servers = LOCAL_MODEL_SERVERS, options = {}) {
  let empty = null;
  for (const server of servers) {
    const models = await listModels(server.baseUrl, options);
    if (models?.length) return { ...server, model: models[0] };
    if (models && !empty) empty = { ...server, model: null };
  }
  return empty;
}

/** KEY=VALUE lines of a .dev.vars file (comments and blank lines skipped, surrounding quotes removed). */
export function parseDevVars(text) {
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith("#")) continue;
    vars[match[1]] = match[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/** Whether .dev.vars already names an OpenAI-compatible endpoint or model: then nothing is probed or overridden. */
export function configuresOpenAi(devVars) {
  return ["OPENAI_BASE_URL", "OPENAI_CHAT_MODEL", "OPENAI_TRANSLATION_MODEL"].some((name) => Boolean(devVars[name]?.trim()));
}

/**
 * The `--var` arguments that point the chat and the translator's OpenAI-compatible engine at `found` (`--var`
 * overrides .dev.vars, so a CHAT_PROVIDER other than "openai" there keeps the chat as the developer set it).
 */
export function localModelVars(found, devVars = {}) {
  if (!found?.model || configuresOpenAi(devVars)) return [];
  const provider = devVars.CHAT_PROVIDER?.trim().toLowerCase();
  const translator = { OPENAI_BASE_URL: found.baseUrl, OPENAI_TRANSLATION_MODEL: found.model };
  const values = provider && provider !== "openai" ? translator : { CHAT_PROVIDER: "openai", OPENAI_CHAT_MODEL: found.model, ...translator };
  return Object.entries(values).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
}

/**
 * What `npm start` does about a model: the `--var` arguments to add and one line saying what was found. Probes only
 * when .dev.vars names no endpoint; `options` (servers, timeoutMs) are findLocalModel's.
 */
export async function localModelSetup(devVars = {}, options = {}) {
  if (configuresOpenAi(devVars))
    return { vars: [], message: `Model: as set in .dev.vars (${devVars.OPENAI_BASE_URL?.trim() || "no OPENAI_BASE_URL"})` };
  const servers = options.servers ?? LOCAL_MODEL_SERVERS;
  const found = await findLocalModel(servers, options);
  if (!found) {
    const tried = servers.map(({ name, baseUrl }) => `${name} at ${baseUrl}`).join(", ");
    return { vars: [], message: `No local model server answered (${tried}): the chat will say how to configure a model` };
  }
  if (!found.model)
    return { vars: [], message: `${found.name} answers at ${found.baseUrl} but lists no model: pull one (e.g. ollama pull llama3.2) and restart` };
  const vars = localModelVars(found, devVars);
  const uses = vars.includes("CHAT_PROVIDER:openai") ? "the chat and the translator" : "the translator (CHAT_PROVIDER is set in .dev.vars)";
  return { vars, message: `Using ${found.name} at ${found.baseUrl}, model ${found.model}, for ${uses}` };
}
