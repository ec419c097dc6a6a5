// The errors services speak in. A service says what went wrong, never which HTTP status that is:
// worker/lib/errors.ts maps each kind to its status in one table, for the JSON API and the page actions alike.
import type { FieldErrors } from "@core/schemas/common";

export type DomainErrorKind =
  | "invalid_input"
  | "not_signed_in"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "upstream_failed"
  | "not_configured"
  | "unavailable";

type Details = { fields?: FieldErrors; retryAfterSeconds?: number };

export class DomainError extends Error {
  readonly fields?: FieldErrors;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: DomainErrorKind,
    /** The stable code clients read, e.g. "translation_not_configured". */
    readonly code: string,
    message: string,
    details: Details = {},
  ) {
    super(message);
    this.fields = details.fields;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** Input the service cannot act on; `fields` names the form fields at fault. */
export class InvalidInput extends DomainError {
  constructor(code: string, message: string, fields?: FieldErrors) {
    super("invalid_input", code, message, { fields });
  }
}

export class NotSignedIn extends DomainError {
  constructor(message = "Not signed in") {
    super("not_signed_in", "not_signed_in", message);
  }
}

export class Forbidden extends DomainError {
  constructor(code = "forbidden", message = "You are not allowed to do that.") {
    super("forbidden", code, message);
  }
}

/** Missing, or someone else's: the same answer either way, so ids cannot be probed. */
export class NotFound extends DomainError {
  constructor(message = "Not found.", code = "not_found") {
    super("not_found", code, message);
  }
}

export class Conflict extends DomainError {
  constructor(code: string, message: string) {
    super("conflict", code, message);
  }
}

export class RateLimited extends DomainError {
  constructor(retryAfterSeconds: number, message = "Too many requests. Please wait a moment and try again.") {
    super("rate_limited", "rate_limited", message, { retryAfterSeconds });
  }
}

/** An outside service (model provider, translation engine, mail) failed or answered nonsense. */
export class UpstreamFailed extends DomainError {
  constructor(code: string, message: string) {
    super("upstream_failed", code, message);
  }
}

/** A feature whose engine or secret this deployment has not set up. */
export class NotConfigured extends DomainError {
  constructor(code: string, message: string) {
    super("not_configured", code, message);
  }
}

/** Our own storage could not answer (D1 unreachable): nothing was done, and the same request may work a moment later. */
export class Unavailable extends DomainError {
  constructor(message: string, retryAfterSeconds = 5) {
    super("unavailable", "unavailable", message, { retryAfterSeconds });
  }
}
