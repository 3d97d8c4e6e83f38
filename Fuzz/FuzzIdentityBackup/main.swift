import Foundation
import FuzzSupport
import SeqrCore

// The identity backup file (docs/formats/identity-backup.md): the sealed file's header, and the
// JSON document behind the AEAD (what a holder of the passphrase could make the reader parse).
// The key derivation and AEAD are swift-crypto's and cost 210,000 PBKDF2 rounds at least, so
// the loop parses the header without opening it, and the document directly.
runFuzzer { bytes in
    var input = FuzzInput(bytes)
    let mode = input.byte() % 2
    let raw = input.rest()
    switch mode {
    case 0:
        if let file = try? SealedIdentityBackup(parsing: raw) {
            fuzzCheck(file.serialized() == raw, "backup file round trip")
            fuzzCheck(SealedIdentityBackup.iterationRange.contains(file.iterations), "iterations checked")
        }
    default:
        if let backup = try? IdentityBackup(parsing: raw) {
            // What is accepted writes a document that reads back to the same document.
            let written = backup.serialized()
            fuzzCheck((try? IdentityBackup(parsing: written))?.serialized() == written, "backup document round trip")
        }
    }
}
