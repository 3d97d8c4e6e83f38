// The browser's side of passkeys: navigator.credentials.create / get with the PRF extension,
// from the server's options (NotesAPI.PasskeyCreationOptions / PasskeyRequestOptions), and the
// answers in the shape the server reads (base64url fields). A passkey whose authenticator gives
// no PRF output cannot unlock notes and is refused here with PasskeyError noPRF. No DOM.
import { fromBase64URL, randomBytes, toBase64URL } from './bytes.js';
import { prfInput } from './passkey-wrapping.js';

export class PasskeyError extends Error {
  constructor(code, message) { super(message); this.name = 'PasskeyError'; this.code = code; }
}

const NO_PRF = 'This passkey cannot unlock your notes: its authenticator does not support the PRF extension. '
  + 'Use a passkey of a recent phone, computer or security key; the password keeps working.';

/** Whether this browser offers WebAuthn at all. */
export function passkeysSupported() {
  return typeof globalThis.PublicKeyCredential === 'function' && typeof navigator?.credentials?.create === 'function';
}

function bytesOf(text, name) {
  const bytes = fromBase64URL(text);
  if (!bytes) throw new PasskeyError('badOptions', `the server sent a ${name} that is not base64url`);
  return bytes;
}

function prfOutputOf(credential) {
  const first = credential.getClientExtensionResults?.().prf?.results?.first;
  return first ? new Uint8Array(first instanceof ArrayBuffer ? first : first.buffer.slice(first.byteOffset, first.byteOffset + first.byteLength)) : null;
}

function cancelled(error) {
  if (error?.name === 'NotAllowedError' || error?.name === 'AbortError') {
    return new PasskeyError('cancelled', 'No passkey was used: the request was cancelled or timed out.');
  }
  if (error?.name === 'InvalidStateError') return new PasskeyError('exists', 'This passkey is registered on this account already.');
  if (error?.name === 'SecurityError') return new PasskeyError('origin', 'Passkeys do not work at this address: open the page by its domain name (the one the server names with --origin).');
  return error;
}

/** Evaluates the PRF of an existing credential (some authenticators answer it only at get). */
async function evaluate(credentialID, rpID, input) {
  let credential;
  try {
    credential = await navigator.credentials.get({ publicKey: {
      challenge: randomBytes(32), rpId: rpID, userVerification: 'required', timeout: 120000,
      allowCredentials: [{ type: 'public-key', id: credentialID }],
      extensions: { prf: { eval: { first: input } } },
    } });
  } catch (error) { throw cancelled(error); }
  return prfOutputOf(credential);
}

/**
 * Registers a passkey: { credentialID, clientDataJSON, attestationObject } (base64url) and the PRF
 * output (32 bytes), or PasskeyError noPRF / cancelled / exists.
 */
export async function createPasskey(options) {
  const input = prfInput(bytesOf(options.prfSalt, 'salt'));
  let credential;
  try {
    credential = await navigator.credentials.create({ publicKey: {
      rp: { id: options.rpID, name: 'Seqr' },
      user: { id: bytesOf(options.userID, 'user id'), name: options.username, displayName: options.username },
      challenge: bytesOf(options.challenge, 'challenge'),
      pubKeyCredParams: options.algorithms.map((alg) => ({ type: 'public-key', alg })),
      excludeCredentials: options.excludeCredentials.map((id) => ({ type: 'public-key', id: bytesOf(id, 'credential id') })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      attestation: 'none',
      timeout: 120000,
      extensions: { prf: { eval: { first: input } } },
    } });
  } catch (error) { throw cancelled(error); }
  const rawID = new Uint8Array(credential.rawId);
  const results = credential.getClientExtensionResults?.() ?? {};
  if (!results.prf?.enabled) throw new PasskeyError('noPRF', NO_PRF);
  const prfOutput = prfOutputOf(credential) ?? await evaluate(rawID, options.rpID, input);
  if (!prfOutput || prfOutput.length !== 32) throw new PasskeyError('noPRF', NO_PRF);
  return {
    credentialID: toBase64URL(rawID),
    clientDataJSON: toBase64URL(new Uint8Array(credential.response.clientDataJSON)),
    attestationObject: toBase64URL(new Uint8Array(credential.response.attestationObject)),
    prfOutput,
  };
}

/**
 * Asks for any of this site's passkeys (they are discoverable: the server names none, so the
 * options do not tell whether an account exists): the assertion (base64url) and the PRF output.
 */
export async function getPasskey(options) {
  let credential;
  try {
    credential = await navigator.credentials.get({ publicKey: {
      challenge: bytesOf(options.challenge, 'challenge'), rpId: options.rpID, userVerification: 'required', timeout: 120000,
      extensions: { prf: { eval: { first: prfInput(bytesOf(options.prfSalt, 'salt')) } } },
    } });
  } catch (error) { throw cancelled(error); }
  const prfOutput = prfOutputOf(credential);
  if (!prfOutput || prfOutput.length !== 32) throw new PasskeyError('noPRF', NO_PRF);
  return {
    credentialID: toBase64URL(new Uint8Array(credential.rawId)),
    clientDataJSON: toBase64URL(new Uint8Array(credential.response.clientDataJSON)),
    authenticatorData: toBase64URL(new Uint8Array(credential.response.authenticatorData)),
    signature: toBase64URL(new Uint8Array(credential.response.signature)),
    prfOutput,
  };
}
