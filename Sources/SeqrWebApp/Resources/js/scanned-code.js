// What a scanned QR payload is, decided once, with the routing and the words of `seqr scan`
// (Swift: SeqrCore/SeqrCode.swift, seqr/Channels/ScanCommand.swift's Kind and notes): a Seqr channel
// code ("SQ" header, raw or as a link https://HOST/app/#CODE), a PaperVault code, a SMART Health
// Card chunk, a compact JWS, a web link, or text. The page adds what the CLI reads as a plain URL
// or text: a location share link, a `?jws=` link (a signed code), and a JWK or JWK set (keys the
// person may choose to trust).
//
// Nothing is verified or opened here, and nothing of a signed code's payload is returned: each kind
// names the action that verifies or opens it (`action`). Text is returned exact (`content`) and as
// it is shown (`shown`, escapedLines); `warnings` say why a URL should not be followed.
import { decodeUTF8, toBase64 } from './bytes.js';
import { ChannelError } from './channel-error.js';
import { splitCompactJWS, jwsFromURL } from './compact-jws.js';
import { escapedLines } from './display-name.js';
import { parseLocationShareLink } from './location-share-link.js';
import { KeySheetError } from './key-sheet-error.js';
import { KEY_SHARE_CODE_MAGIC, KeyShare } from './key-share.js';
import { isWebLink } from './message-link-policy.js';
import { decodePublicKeyCode } from './public-key-code.js';
import { MAX_LINK_LENGTH, parseCodeLink } from './seqr-code-link.js';
import { CodeType, isSeqrCode, readHeader } from './seqr-code-type.js';
import { parseChunk } from './smart-health-card.js';
import { urlWarnings } from './url-warnings.js';
import { readVaultCode } from './vault-code.js';

/** Kinds, as `seqr scan --json` names them where it has them (docs/cli-json.md), and the words its text output uses. */
export const ScanKind = Object.freeze({
  publicKey: 'publicKey', channelShare: 'channelShare', channelMessage: 'channelMessage', channelRekey: 'channelRekey',
  locationLink: 'locationLink', jws: 'jws', smartHealthCard: 'smartHealthCard', vaultCode: 'vaultCode',
  keys: 'keys', url: 'url', text: 'text', seqrCode: 'seqrCode', keySheet: 'keySheet',
});

export const KIND_WORDS = Object.freeze({
  publicKey: 'public key', channelShare: 'channel share', channelMessage: 'message', channelRekey: 'rekey code',
  locationLink: 'location link', jws: 'signed code (JWS)', smartHealthCard: 'SMART Health Card', vaultCode: 'vault code',
  keys: 'public signing keys (JWK)', url: 'URL', text: 'text', seqrCode: 'Seqr code', keySheet: 'paper-vault key sheet',
});

/** What the page does next with each kind (the view's routing). */
export const ScanAction = Object.freeze({
  shareChannel: 'shareChannel', subscribe: 'subscribe', readMessage: 'readMessage', applyRekey: 'applyRekey',
  openLocation: 'openLocation', verifySignedCode: 'verifySignedCode', verifyHealthCard: 'verifyHealthCard',
  restoreVault: 'restoreVault', openKeySheet: 'openKeySheet', trustKeys: 'trustKeys', showLink: 'showLink', showText: 'showText',
});

/** The CLI's notes for the kinds it does not open in `seqr scan`, word for word. */
export const CLI_NOTES = Object.freeze({
  vaultCode: 'one code of a paper backup; restore it with `seqr vault restore`',
  jws: 'not verified here; verify it with `seqr jws verify --key KEY`',
  smartHealthCard: 'not verified here; verify it with `seqr shc verify --jwks JWKS`',
});

/** A payload as text for showing, as PayloadDisplay.exact: the decoder's text unless it holds DEL or a C1 control, else `base64:`. */
export function displayText(bytes, text) {
  if (typeof text === 'string' && !/[\u007F-\u009F]/.test(text)) return text;
  return `base64:${toBase64(bytes)}`;
}

function result(kind, action, fields = {}) { return { kind, words: KIND_WORDS[kind], action, warnings: [], ...fields }; }

/** A JSON object of public JWK members, or a JWK set; null for anything else. */
function jwkText(text) {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || trimmed.length > 64 * 1024) return null;
  try {
    const value = JSON.parse(trimmed);
    if (value && typeof value === 'object' && (Array.isArray(value.keys) || typeof value.kty === 'string')) return trimmed;
  } catch { /* not JSON */ }
  return null;
}

async function seqrCode(bytes, via) {
  try {
    const { type, suite } = readHeader(bytes);
    switch (type) {
      case CodeType.publicKey: {
        const identity = await decodePublicKeyCode(bytes);
        return result(ScanKind.publicKey, ScanAction.shareChannel, { code: bytes, suite, via, name: identity.name, fingerprint: await identity.fingerprint(), identity });
      }
      case CodeType.channelShare: return result(ScanKind.channelShare, ScanAction.subscribe, { code: bytes, suite, via });
      case CodeType.message: return result(ScanKind.channelMessage, ScanAction.readMessage, { code: bytes, suite, via });
      default: return result(ScanKind.channelRekey, ScanAction.applyRekey, { code: bytes, suite, via });
    }
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    // A code with Seqr's header this build cannot read: said why, as `seqr scan` does.
    return result(ScanKind.seqrCode, null, { code: bytes, via, error });
  }
}

/**
 * Classifies one decoded payload: `decoded` is { bytes (Uint8Array), text (string or null) } as the
 * decoder gives it. Resolves to { kind (ScanKind), words, action (ScanAction or null), warnings
 * ([{code, message}]), … } with, by kind:
 *  - publicKey: code, suite, via ('raw' | 'link'), host (link only), name, fingerprint, identity;
 *  - channelShare / channelMessage / channelRekey: code, suite, via, host (link only);
 *  - seqrCode: code, via, error (the ChannelError: unknown version or type, truncated, bad key);
 *  - locationLink: link ({ base, shareID, key, format, pageURL });
 *  - jws: token (not verified), url (the `?jws=` link, or null), note;
 *  - smartHealthCard: text (the chunk's text), chunk ({ index, count }), note;
 *  - vaultCode: vault ({ documentDigest, rows, columns, totalCodes, codeNumber, parity }), bytes, note;
 *  - keySheet: code (its bytes, for the vault view only: a secret share, never to be shown), sheet
 *    ({ number, threshold, identifier }) when it reads, else error (the KeySheetError) and no action;
 *  - keys: json (the JWK or JWK set text; imported by trusted-keys.js only when the person agrees);
 *  - url: content (exact), shown (escaped), warnings (host and scheme; never opened by itself);
 *  - text: content, shown, warnings (a non-web scheme is said, as for a message URL).
 * Never throws for any input.
 */
export async function classifyScan(decoded) {
  const bytes = decoded.bytes instanceof Uint8Array ? decoded.bytes : new Uint8Array(decoded.bytes ?? []);
  if (isSeqrCode(bytes)) return seqrCode(bytes, 'raw');
  if (isKeySheetCode(bytes)) return keySheet(bytes);
  const utf8Text = decodeUTF8(bytes);
  // The link form (https://HOST/app/#CODE) holds the same code; it is read like the raw one, its host said.
  if (utf8Text !== null && bytes.length < MAX_LINK_LENGTH) {
    let code = null;
    try { code = parseCodeLink(utf8Text); } catch { /* not a Seqr link */ }
    if (code) return { ...await seqrCode(code, 'link'), host: new URL(utf8Text.trim()).host };
  }
  const vault = await readVaultCode(bytes);
  if (vault) return result(ScanKind.vaultCode, ScanAction.restoreVault, { vault, bytes, note: CLI_NOTES.vaultCode });
  if (utf8Text === null) {
    const content = displayText(bytes, decoded.text);
    return result(ScanKind.text, ScanAction.showText, { content, shown: escapedLines(content) });
  }
  if (utf8Text.toLowerCase().startsWith('shc:/')) {
    let chunk = null;
    try { const { index, count } = parseChunk(utf8Text); chunk = { index, count }; } catch { /* a damaged card: its verification says why */ }
    return result(ScanKind.smartHealthCard, ScanAction.verifyHealthCard, { text: utf8Text, chunk, note: CLI_NOTES.smartHealthCard });
  }
  const trimmed = utf8Text.trim();
  if (trimmed.split('.').length === 3 && isJWS(trimmed)) return result(ScanKind.jws, ScanAction.verifySignedCode, { token: trimmed, url: null, note: CLI_NOTES.jws });
  const content = displayText(bytes, decoded.text);
  if (isWebLink(utf8Text)) {
    const fromURL = jwsFromURL(trimmed);
    if (fromURL !== null && isJWS(fromURL)) return result(ScanKind.jws, ScanAction.verifySignedCode, { token: fromURL, url: trimmed, note: CLI_NOTES.jws, warnings: urlWarnings(trimmed) });
    try {
      return result(ScanKind.locationLink, ScanAction.openLocation, { link: parseLocationShareLink(trimmed), warnings: urlWarnings(trimmed) });
    } catch { /* not a location link */ }
    if (isURL(utf8Text)) return result(ScanKind.url, ScanAction.showLink, { content, shown: escapedLines(content), warnings: urlWarnings(utf8Text) });
  }
  const json = jwkText(utf8Text);
  if (json) return result(ScanKind.keys, ScanAction.trustKeys, { json });
  // Text with a scheme other than http(s) (javascript:, data:, an app's) is said to be no web link, as for a message.
  const warnings = /^[A-Za-z][A-Za-z0-9+.-]*:\S/.test(trimmed) && !/\s/.test(trimmed) ? urlWarnings(trimmed) : [];
  return result(ScanKind.text, ScanAction.showText, { content, shown: escapedLines(content), warnings });
}

/**
 * A paper-vault key sheet's code: "KS" then a control byte (its version, 1), which no typed text
 * begins with. It holds a secret share: it is named, never shown as text or base64.
 */
function isKeySheetCode(bytes) {
  return bytes.length > KEY_SHARE_CODE_MAGIC.length && bytes[0] === KEY_SHARE_CODE_MAGIC[0] && bytes[1] === KEY_SHARE_CODE_MAGIC[1]
    && bytes[KEY_SHARE_CODE_MAGIC.length] < 0x20;
}

function keySheet(bytes) {
  try {
    const share = KeyShare.fromCode(bytes);
    const sheet = { number: share.number, threshold: share.memberThreshold, identifier: share.identifier };
    share.value.fill(0);
    return result(ScanKind.keySheet, ScanAction.openKeySheet, { code: bytes, sheet });
  } catch (error) {
    if (!(error instanceof KeySheetError)) throw error;
    return result(ScanKind.keySheet, null, { code: bytes, error });
  }
}

function isJWS(text) { try { splitCompactJWS(text); return true; } catch { return false; } }

/** Whether text is one URL, as Foundation's URL(string:) reads it: no white space or controls, and a host for http(s). */
function isURL(text) {
  if (/[\s\u0000-\u001F\u007F]/.test(text)) return false;
  try { return new URL(text).host !== ''; } catch { return false; }
}
