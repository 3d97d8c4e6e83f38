import FuzzSupport
import SeqrCore

// PaperVault: code, parity-code and message parsing, and assembly with Reed–Solomon rebuilds;
// key-sheet messages and shares (QR bytes and words), and a vault restore's checks of fuzzed shares
// against a real 2-of-3 backup (combining runs PBKDF2, so it is reached only by a share that passes them).
// Most of the input is shaped into codes with valid checksums (the library's own serializers),
// since random bytes would almost never pass the 16-bit checksum and reach the assembler.
/// A 2-of-3 key-sheet backup made once (its split runs the Feistel rounds once), and its message.
let sheetsBackup = try! PaperVault.backup(VaultDocument(title: "f", text: "fuzz"), keying: .keySheets(threshold: 2, count: 3, password: nil))
let sheetsMessage: [UInt8] = {
    var assembler = VaultAssembler()
    for payload in sheetsBackup.payloads { assembler.add(payload) }
    return try! assembler.messageBuffer()
}()

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    switch input.byte() % 5 {
    case 0:
        let raw = input.rest()
        _ = try? VaultCode(parsing: raw)
        _ = try? VaultParityCode(parsing: raw)
        if let message = try? VaultMessage(parsing: raw) {
            fuzzCheck(message.serialized() == raw, "VaultMessage round trip")
            // PBKDF2 itself is BoringSSL's; a few rounds reach the AEAD without a slow KDF.
            if message.rounds <= 8 { _ = try? message.open(password: "") }
            // Key-sheet messages (flags 1 and 3): the sheet header, then HKDF and the AEAD.
            if message.keySheets != nil {
                _ = try? message.open(masterSecret: [UInt8](repeating: 7, count: 32), password: message.rounds <= 8 ? "" : nil)
            }
        }
    case 1:
        _ = try? VaultBody.decode(input.rest())
    case 2:
        _ = try? VaultDocument(parsing: input.rest())
    case 4:
        let raw = input.rest()
        if let share = try? KeyShare(parsing: raw) {
            fuzzCheck((try? KeyShare(words: share.words)) == share, "key share words round trip")
            fuzzCheck(share.words.count <= 33, "no share longer than a 256-bit key's 33 words")
        }
        // Typed words (any text), then a restore's checks of the share against the backup's header.
        if let share = try? KeyShare(reading: raw) {
            fuzzCheck(share.words.count <= 33, "no share longer than a 256-bit key's 33 words")
            _ = try? PaperVault.restore(message: sheetsMessage, unlocking: .keySheets([sheetsBackup.keyShares[0], share], password: nil))
        }
    default:
        assemble(&input)
    }
}

/// Feeds a mix of raw, data and parity codes of one or two documents to a VaultAssembler.
func assemble(_ input: inout FuzzInput) {
    var assembler = VaultAssembler()
    let digests = [[UInt8](repeating: 0xA5, count: 32), [UInt8](repeating: 0x5A, count: 32)]
    while !input.isEmpty {
        let kind = input.byte()
        // Small totals keep the rebuilt groups small, so one run stays fast.
        let header = VaultTransportHeader(
            documentDigest: digests[Int(kind >> 7)], rows: input.byte(), columns: input.byte(),
            totalCodes: UInt16(input.byte() % 24), codeNumber: UInt16(input.byte() % 24))
        switch kind % 3 {
        case 0:
            assembler.add(input.chunk())
        case 1:
            assembler.add(VaultCode(header: header, payload: input.chunk()).serialized())
        default:
            let code = VaultParityCode(
                header: header, firstDataCode: Int(input.byte() % 24), groupDataCodes: Int(input.byte() % 24),
                groupParityCodes: Int(input.byte() % 8), indexInGroup: Int(input.byte() % 8),
                messageLength: Int(input.uint16()), shard: input.chunk())
            assembler.add(code.serialized())
        }
        _ = assembler.missingCodes
        _ = assembler.isComplete
    }
    _ = try? assembler.messageBuffer()
}
