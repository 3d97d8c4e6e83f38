// The transport layer of PaperVault codes, as far as a scanner needs it to tell a vault code and
// its set (docs/formats/papervault.md, "Transport layer"; Swift: SeqrCore/PaperVault/
// VaultTransportHeader.swift, VaultCode.swift, VaultParityCode.swift). The 2-byte checksum only
// tells vault codes from other QR codes; integrity comes from the document digest and the AEAD,
// which the restore checks.
//
// | offset | length | field |
// | 0 | 32 | document digest (SHA-256 of the whole message buffer) |
// | 32 | 1 | rows of codes per page |  33 | 1 | columns |
// | 34 | 2 | total number of (data) codes, UInt16 BE |  36 | 2 | code number, UInt16 BE |
// data code: header ‖ payload ‖ SHA-256(bytes before)[0..2]
// parity code: header ‖ 1 ‖ first (2) ‖ k (1) ‖ m (1) ‖ index (1) ‖ length (4) ‖ shard ‖ SHA-256("SEQR-PARITY" ‖ bytes before)[0..2]
import { concatBytes, toHex, utf8 } from './bytes.js';

export const HEADER_SIZE = 38;
/** Seqr prints 3 × 2 codes a page: the count to go by while no header says (a header claiming 0 rows or columns, or none read yet). */
export const DEFAULT_CODES_PER_PAGE = 6;
const PARITY_SALT = utf8('SEQR-PARITY');

async function checksumHolds(bytes, salt) {
  const body = bytes.subarray(0, bytes.length - 2);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', salt ? concatBytes(salt, body) : body));
  return digest[0] === bytes[bytes.length - 2] && digest[1] === bytes[bytes.length - 1];
}

function header(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { documentDigest: toHex(bytes.subarray(0, 32)), rows: bytes[32], columns: bytes[33], totalCodes: view.getUint16(34), codeNumber: view.getUint16(36) };
}

/**
 * The header of a vault code — { documentDigest (hex), rows, columns, totalCodes, codeNumber,
 * parity (true for a Seqr parity code) } — or null when `bytes` are no vault code. The parity
 * reading is tried first, as VaultAssembler does (a parity code passes the plain checksum once
 * in 65,536). A data code also gives its `payload`; a parity code its group (`firstDataCode`,
 * `groupDataCodes` k, `groupParityCodes` m, `indexInGroup`), `messageLength` and `shard`.
 */
export async function readVaultCode(bytes) {
  if (bytes.length >= HEADER_SIZE + 12 && await checksumHolds(bytes, PARITY_SALT) && bytes[HEADER_SIZE] === 1) {
    const h = header(bytes);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const first = view.getUint16(39), k = bytes[41], m = bytes[42], index = bytes[43];
    if (k >= 1 && m >= 1 && index < m && k + m <= 255 && first + k <= h.totalCodes) {
      return { ...h, parity: true, firstDataCode: first, groupDataCodes: k, groupParityCodes: m, indexInGroup: index,
        messageLength: view.getUint32(44), shard: bytes.slice(48, bytes.length - 2) };
    }
  }
  if (bytes.length >= HEADER_SIZE + 2 && await checksumHolds(bytes, null)) {
    const h = header(bytes);
    // Numbered from 0 or from 1: the format does not say which.
    if (h.totalCodes > 0 && h.codeNumber <= h.totalCodes) return { ...h, parity: false, payload: bytes.slice(HEADER_SIZE, bytes.length - 2) };
  }
  return null;
}
