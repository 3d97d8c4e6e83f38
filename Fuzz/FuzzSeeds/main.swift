import Crypto
import Foundation
import SeqrCore
import SeqrQR

// Writes the seed corpora in Tests/Fuzz/<target>/ with Seqr's own encoders: real codes,
// cards, fields and images, each prefixed with the mode byte its fuzz target reads first.
// Run from the package root: `SEQR_FUZZ=1 swift run -c release --scratch-path .build-fuzz FuzzSeeds`.
// The constants match the fuzz targets' fixed keys.

func write(_ target: String, _ name: String, _ bytes: [UInt8]) {
    let directory = "Tests/Fuzz/\(target)"
    try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: "\(directory)/\(name)", contents: Data(bytes))
}
func write(_ target: String, _ name: String, mode: UInt8, _ bytes: [UInt8]) { write(target, name, [mode] + bytes) }
func write(_ target: String, _ name: String, mode: UInt8, _ text: String) { write(target, name, [mode] + Array(text.utf8)) }

// MARK: vault
var options = PaperVault.Options()
options.rounds = 4
options.version = 8
options.redundancy = 0.5
let backup = try! PaperVault.backup(VaultDocument(title: "seed", text: "fuzzing seed document"), password: "pw", options: options)
var assembly: [UInt8] = []
for (index, payload) in backup.payloads.enumerated() {
    write("vault", "code-\(index)", mode: 0, payload)
    if payload.count <= 255 { assembly += [0, 0, 0, 0, 0, UInt8(payload.count)] + payload }
}
write("vault", "assembly", mode: 3, assembly)
write("vault", "body", mode: 1, try! VaultBody.encode(VaultDocument(title: "t", text: String(repeating: "text ", count: 20))))
write("vault", "document", mode: 2, VaultDocument(title: "t", contents: [1, 2, 3]).serialized())

// MARK: jws
let signer = try! JWSSigningKey.generate(.ES256)
let bundle = Data(#"{"resourceType":"Bundle","type":"collection","entry":[]}"#.utf8)
let card = try! SmartHealthCard.issue(bundle: bundle, issuer: "https://example.org", notBefore: Date(timeIntervalSince1970: 1_700_000_000), key: signer)
write("jws", "shc-qr", mode: 0, SmartHealthCard.qrContents(jws: card).joined(separator: "\n"))
write("jws", "shc-qr-chunks", mode: 0, SmartHealthCard.qrContents(jws: card, chunks: 2).joined(separator: "\n"))
write("jws", "compact", mode: 1, try! CompactJWS.sign(Data(#"{"sub":"x"}"#.utf8), with: signer, extraHeader: ["typ": "JWT"]))
write("jws", "jwk-set", mode: 2, #"{"keys":[{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0","kid":"k","alg":"ES256","use":"sig"}]}"#)
write("jws", "pem", mode: 3, "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEf83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEXH8UTNG72bfocs3+257rn0s2ldbqkLJK2KRiMohYjlrQ==\n-----END PUBLIC KEY-----\n")
write("jws", "deflate", mode: 4, try! RawDeflate.compress(Array(bundle)))
let header = Array(#"{"alg":"ES256","kid":"k","zip":"DEF"}"#.utf8)
let payload = Array(#"{"iss":"https://example.org","nbf":1700000000,"vc":{"type":["https://smarthealth.cards#health-card"],"credentialSubject":{"fhirVersion":"4.0.1","fhirBundle":{"resourceType":"Bundle"}}}}"#.utf8)
write("jws", "signed-card", mode: 5, [UInt8(header.count >> 8), UInt8(header.count & 0xFF)] + header + [1] + payload)

// MARK: channels
let owner = PrivateIdentity.generate(name: "owner")
let recipient = PrivateIdentity.generate(name: "recipient")
let ownerP256 = PrivateIdentity.generate(name: "p256 owner", p256: true)
let channel = Channel.create(name: "news", owner: owner.publicIdentity, suite: .v1)
let channel2 = Channel.create(name: "news", owner: owner.publicIdentity, suite: .v2)
write("channels", "public-key", mode: 0, PublicKeyCode.encode(owner.publicIdentity))
write("channels", "public-key-p256", mode: 0, PublicKeyCode.encode(ownerP256.publicIdentity))
write("channels", "share", mode: 1, try! ChannelShareCode.encode(channel, to: recipient.publicIdentity, signedBy: owner))
write("channels", "message", mode: 2, try! ChannelMessageCode.encode(
    ChannelMessage(kind: .text, created: Date(timeIntervalSince1970: 1_700_000_000), expires: nil, content: "hello"), in: channel, signedBy: owner))
// Mode 3's first byte picks the suite (even 1, odd 2), then the plaintext: kind, created, expires, content.
let plaintext: [UInt8] = [1, 0, 0, 0, 0, 0x65, 0x53, 0xF1, 0x00, 0, 0, 0, 0, 0, 0, 0, 0] + Array("https://example.org".utf8)
write("channels", "message-plaintext", mode: 3, [0] + plaintext)
write("channels", "message-plaintext-suite2", mode: 3, [1] + plaintext)
write("channels", "share-suite2", mode: 1, try! ChannelShareCode.encode(channel2, to: recipient.publicIdentity, signedBy: owner))
write("channels", "message-suite2", mode: 2, try! ChannelMessageCode.encode(
    ChannelMessage(kind: .url, created: Date(timeIntervalSince1970: 1_700_000_000), expires: nil, content: "https://example.org"), in: channel2, signedBy: owner))
let rekeys = try! ChannelRekeyCode.encode(channel2.at(epoch: 1, secret: Data(repeating: 7, count: 32)), to: [recipient.publicIdentity, owner.publicIdentity],
                                         removed: [ownerP256.publicIdentity], signedBy: owner)
write("channels", "rekey", mode: 4, rekeys[0])
write("channels", "rekey-body", mode: 5, Array(rekeys[0].dropFirst(20).dropLast(64)))
write("channels", "link", mode: 6, try! SeqrCodeLink(base: "https://seqr.example:8443", code: PublicKeyCode.encode(owner.publicIdentity)).description)

// MARK: note-formats
let noteKey = SymmetricKey(data: Data(repeating: 7, count: 32))
let hmacKey = SymmetricKey(data: Data(repeating: 9, count: 32))
let noteID = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
let sealedKey = try! LocationShareKey(bytes: Data(repeating: 3, count: 32))
let cryptoJSKey = try! LocationShareKey(bytes: Data(repeating: 5, count: 16))
let shareID = "AAAAAAAAAAAAAAAAAAAAAA"
let fix = try! LocationFix(lat: 47.37, lon: 8.54, accuracy: 5, altitude: 400, time: Date(timeIntervalSince1970: 1_700_000_000))
write("note-formats", "sealed-field", mode: 0, Array(SealedNoteField.seal("title", noteID: noteID, field: .title, noteVersion: 1, key: noteKey)))
write("note-formats", "rncryptor", mode: 1, Array(try! RNCryptorV3.encrypt(Data("info".utf8), encryptionKey: noteKey, hmacKey: hmacKey)))
var export = Array(NotesExportFile.seal(NotesExportFile.Contents(username: "u", exported: Date(timeIntervalSince1970: 0), notes: []), password: "pw", iterations: 1_000))
write("note-formats", "export", mode: 2, export)
export[5...8] = [0, 0, 0, 1]  // one iteration: refused before the KDF
write("note-formats", "export-bad-iterations", mode: 2, export)
write("note-formats", "fix-json", mode: 3, Array(fix.json()))
write("note-formats", "sealed-fix", mode: 4, sealedKey.seal(fix, shareID: shareID))
write("note-formats", "cryptojs-fix", mode: 5, cryptoJSKey.seal(fix, shareID: shareID))
write("note-formats", "share-link", mode: 6, LocationShareLink(base: "https://seqr.example", shareID: shareID, key: sealedKey).description)
write("note-formats", "uuid", mode: 7, UUIDText.lowercase(noteID))

// MARK: gps-logs
write("gps-logs", "track.gpx", Array("""
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="seed"><trk><trkseg>
    <trkpt lat="47.3769" lon="8.5417"><ele>408.5</ele><time>2026-11-23T10:00:00Z</time><hdop>2</hdop></trkpt>
    <trkpt lon='8.5430' lat='47.3780'><time>2026-11-23T10:00:05.250Z</time></trkpt>
    </trkseg></trk><rte><rtept lat="-33.8568" lon="151.2153"/></rte></gpx>
    """.utf8))
write("gps-logs", "log.nmea", Array("""
    $GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47
    $GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A
    $GNRMC,123522.50,A,3351.408,S,15112.918,E,0.0,0.0,230394,,
    """.utf8))

// MARK: image
let symbol = try! QREncoder.encode(text: "https://seqr.example/fuzz")
let small = QRRenderStyle(scale: 2, margin: 2)
write("image", "qr.png", Array(try! symbol.pngData(small)))
write("image", "qr.jpg", Array(try! ImageCodec.jpeg.encode(symbol.rasterized(small), quality: 60)))
write("image", "qr.pdf", Array(try! symbol.pdfData(small)))
write("image", "qr.svg", Array(symbol.svg(small).utf8))

// MARK: text
// A flags byte (bit 0: ECI designators; bits 1–3: block count), per block an ECI selector
// (0xFF: unknown, 0xFE: 899) and a position step, then the payload (see Fuzz/FuzzText).
let shiftJIS: [UInt8] = [0x82, 0xB1, 0x82, 0xF1, 0x82, 0xC9, 0x82, 0xBF, 0x82, 0xCD] // こんにちは
write("text", "ascii", mode: 0, "https://seqr.example/fuzz")
write("text", "guessed-utf8", mode: 0, "Grüße 日本")
write("text", "guessed-shift-jis", mode: 0, shiftJIS)
write("text", "kanji-mode", [2, 20, 0] + shiftJIS)
write("text", "bytes-then-kanji-mode", [4, 0xFF, 0, 20, 3] + Array("abc".utf8) + shiftJIS)
write("text", "eci-utf8", [3, 26, 0] + Array("Grüße".utf8))
write("text", "eci-latin1-then-utf8", [5, 3, 0, 26, 4] + [0x63, 0x61, 0x66, 0xE9] + Array("日本".utf8))
write("text", "eci-utf16be", [3, 25, 0] + [0x03, 0xA9, 0x00, 0x6D, 0x00, 0x65, 0x00, 0x67, 0x00, 0x61])
write("text", "eci-gb18030-euc-kr-big5", [7, 32, 0, 30, 4, 28, 4] + [0xD6, 0xD0, 0xCE, 0xC4, 0xC7, 0xD1, 0xB1, 0xB9, 0xBB, 0x4F, 0xC6, 0x57])
write("text", "eci-binary", [3, 0xFE, 0] + [0x00, 0xFF, 0x10, 0x80, 0x7F])

// MARK: json-writer
for (index, length) in [0, 48, 200].enumerated() {
    write("json-writer", "note-\(index)", (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ index) })
}
print("seeds written to Tests/Fuzz/")
