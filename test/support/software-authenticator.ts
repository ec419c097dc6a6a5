// A software WebAuthn authenticator for the tests: real ES256 keys (Web Crypto), "none" attestation, discoverable
// credentials, and real signatures over authData || SHA-256(clientDataJSON), so the server's verification runs for
// real. It speaks the JSON that @simplewebauthn/browser sends (base64url fields).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
/** COSE key parameters for an EC2 P-256 key signing with ES256 (RFC 9053). */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

export type StoredCredential = { id: string; keys: CryptoKeyPair; userHandle: string; rpId: string; counter: number };

/** What a test may bend in one ceremony: the origin the "browser" reports, the challenge it signs, the counter. */
type Tweaks = { origin?: string; challenge?: string; rpId?: string; counter?: number };

const bytes = (text: string) => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const uint32 = (value: number) => new Uint8Array([(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
const sha256 = async (data: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest("SHA-256", data));

/** One unsigned DER INTEGER: no leading zero bytes, but a zero first if the high bit is set. */
function derInteger(value: Uint8Array) {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const trimmed = value.slice(start);
  const body = (trimmed[0] ?? 0) & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
  return concat(new Uint8Array([0x02, body.length]), body);
}

/** Web Crypto's raw r || s signature as the DER SEQUENCE WebAuthn expects for ES256. */
export function derSignature(raw: Uint8Array) {
  const body = concat(derInteger(raw.slice(0, 32)), derInteger(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

async function cosePublicKey(key: CryptoKey) {
  const jwk = await crypto.subtle.exportKey("jwk", key);
  const coordinate = (value: string | undefined) => isoBase64URL.toBuffer(value ?? "");
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [COSE.kty, COSE.EC2],
      [COSE.alg, COSE.ES256],
      [COSE.crv, COSE.P256],
      [COSE.x, coordinate(jwk.x)],
      [COSE.y, coordinate(jwk.y)],
    ]),
  );
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) {
  return bytes(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(readonly origin: string) {}

  /** navigator.credentials.create(): a new ES256 credential for the options' RP and user, attested with "none". */
  async register(options: PublicKeyCredentialCreationOptionsJSON, tweaks: Tweaks = {}): Promise<RegistrationResponseJSON> {
    const rpId = tweaks.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const rawId = crypto.getRandomValues(new Uint8Array(32));
    const id = isoBase64URL.fromBuffer(rawId);
    const counter = tweaks.counter ?? 0;
    const attested = concat(new Uint8Array(16), new Uint8Array([0, rawId.length]), rawId, await cosePublicKey(keys.publicKey));
    const authData = concat(
      await sha256(bytes(rpId)),
      new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL]),
      uint32(counter),
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    this.credentials.push({ id, keys, userHandle: options.user.id, rpId, counter });
    const clientDataJSON = clientData("webauthn.create", tweaks.challenge ?? options.challenge, tweaks.origin ?? this.origin);
    return {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get() with a discoverable credential (the newest unless one is given): a real signature. */
  async authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    tweaks: Tweaks & { credential?: StoredCredential } = {},
  ): Promise<AuthenticationResponseJSON> {
    const credential = tweaks.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error("the software authenticator has no credential");
    credential.counter = tweaks.counter ?? credential.counter + 1;
    const rpId = tweaks.rpId ?? options.rpId ?? credential.rpId;
    const authData = concat(await sha256(bytes(rpId)), new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]), uint32(credential.counter));
    const clientDataJSON = clientData("webauthn.get", tweaks.challenge ?? options.challenge, tweaks.origin ?? this.origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, credential.keys.privateKey, signed));
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
