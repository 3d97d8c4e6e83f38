import Foundation
import SeqrCore
import Testing

/// The code of SeqrCore.docc's articles, run. Each region between `// doc-snippet: Article` and
/// `// doc-snippet-end` is one code block of that article, character for character (dedented);
/// DocSnippetSyncTests fails when the two differ. The checks after a region are the test's, not
/// the article's.
@Suite("SeqrCore articles' code")
struct DocArticleTests {
    @Test("PaperVaultBackups: a password backup restores from its codes in any order")
    func passwordBackup() throws {
        // doc-snippet: PaperVaultBackups
        let document = VaultDocument(title: "Recovery codes", text: "alpha bravo charlie")
        let backup = try PaperVault.backup(document, password: "correct horse battery staple")

        // Print each payload as one QR code (SeqrQR's VaultPrintout draws whole pages).
        let payloads: [[UInt8]] = backup.payloads

        // Later: the codes as scanned, in any order, other QR codes among them.
        let scanned = payloads.shuffled() + [Array("https://example.org".utf8)]
        let restored = try PaperVault.restore(scanned: scanned, password: "correct horse battery staple")
        // doc-snippet-end
        #expect(restored == document)
        #expect(restored.text == "alpha bravo charlie")
    }

    @Test("PaperVaultBackups: key sheets, any 2 of 3, typed back as words")
    func keySheetBackup() throws {
        let document = VaultDocument(title: "Wallet", text: "the seed words")
        // doc-snippet: PaperVaultBackups
        let backup = try PaperVault.backup(document, keying: .keySheets(threshold: 2, count: 3, password: nil))
        // One sheet per holder: a QR code of `serialized()` and 33 words.
        let sheets: [String] = backup.keyShares.map(\.mnemonic)

        // Any two holders come back; one types the words of sheet 3, the other's are the same.
        let shares = try [sheets[0], sheets[2]].map { try KeyShare(mnemonic: $0) }
        var assembler = VaultAssembler()
        for payload in backup.payloads { _ = assembler.add(payload) }
        let restored = try PaperVault.restore(message: assembler.messageBuffer(), unlocking: .keySheets(shares, password: nil))
        // doc-snippet-end
        #expect(restored == document)
        #expect(sheets.count == 3 && !backup.needsPassword)
        // One sheet alone says how many more are needed.
        #expect(throws: PaperVaultError.self) {
            try PaperVault.restore(message: assembler.messageBuffer(), unlocking: .keySheets([shares[0]], password: nil))
        }
    }

    @Test("SignedQRCodes: an ES256 token verifies with the public key, a changed one does not")
    func signedCode() throws {
        // doc-snippet: SignedQRCodes
        // The issuer, once: a key pair. Publish the public key (PEM or JWK); keep the private one.
        let signingKey = try JWSSigningKey.generate(.ES256)
        let publicKeyPEM = signingKey.verificationKey.material.pemRepresentation

        // Issue: the token (or a link carrying it) is what goes into the QR code.
        let payload = Data(#"{"wifi":"garden","exp":4102444800}"#.utf8)
        let token = try CompactJWS.sign(payload, with: signingKey)
        let link = JWSURL.make(base: "https://example.org/join", token: token)

        // Verify: the algorithm comes from the trusted key, never from the token.
        let trusted = try JWSVerificationKey(pem: publicKeyPEM)
        let verified = try CompactJWS.verify(JWSURL.extract(from: link) ?? token, with: trusted)
        try JWSClaims.check(verified.payload)  // exp and nbf, when the payload has them
        // doc-snippet-end
        #expect(verified.payload == payload && verified.algorithm == .ES256)
        var tampered = Array(token.utf8)
        tampered[tampered.count / 2] ^= 1
        #expect(throws: JWSError.self) { try CompactJWS.verify(String(decoding: tampered, as: UTF8.self), with: trusted) }
    }

    @Test("SmartHealthCards: a card in two chunks verifies against the issuer's key set and is summarised")
    func healthCard() throws {
        let issuerKey = try JWSSigningKey.generate(.ES256)
        let jwks = try JSONSerialization.data(withJSONObject: ["keys": [JWK.publicJWK(issuerKey.verificationKey.material, algorithm: .ES256)]])
        var key = issuerKey
        key.keyID = JWK.publicJWK(issuerKey.verificationKey.material)["kid"]
        let bundle = Data(#"{"resourceType":"Bundle","type":"collection","entry":[{"fullUrl":"resource:0","resource":{"resourceType":"Patient","name":[{"family":"Anyperson","given":["John"]}],"birthDate":"1951-01-20"}}]}"#.utf8)
        let card = try SmartHealthCard.issue(bundle: bundle, issuer: "https://spec.smarthealth.cards/examples/issuer",
                                             notBefore: Date(timeIntervalSince1970: 1_620_000_000), key: key)
        let scannedTexts = SmartHealthCard.qrContents(jws: card, chunks: 2).reversed().map { $0 }
        // doc-snippet: SmartHealthCards
        // `scannedTexts`: the `shc:/…` text of each QR code, chunks in any order.
        // `jwks`: the issuer's `/.well-known/jwks.json`, fetched and saved by the app.
        let jws = try SmartHealthCard.jws(fromQRContents: scannedTexts)
        let verified = try SmartHealthCard.verify(
            jws: jws, keys: try JWKSet(json: jwks),
            trustedIssuer: "https://spec.smarthealth.cards/examples/issuer")
        let summary = verified.summary  // patient, birth date, immunizations
        // doc-snippet-end
        #expect(summary.patient == "John Anyperson" && summary.birthDate == "1951-01-20")
        #expect(throws: SmartHealthCardError.untrustedIssuer("https://spec.smarthealth.cards/examples/issuer")) {
            try SmartHealthCard.verify(jws: jws, keys: try JWKSet(json: jwks), trustedIssuer: "https://another.example")
        }
    }

    @Test("EncryptedChannels: a share opens only for its recipient; a message verifies and decrypts for subscribers")
    func channel() throws {
        // doc-snippet: EncryptedChannels
        // Each person once: an identity (keep the private side sealed at rest).
        let alice = PrivateIdentity.generate(name: "Alice")
        let bob = PrivateIdentity.generate(name: "Bob")

        // Alice creates a channel and seals its share to Bob's public key (from his public-key code).
        let channel = Channel.create(name: "Garden", owner: alice.publicIdentity)
        let shareCode = try ChannelShareCode.encode(channel, to: bob.publicIdentity, signedBy: alice)

        // Bob opens the share; he compares the owner's fingerprint with Alice's, aloud.
        let subscribed = try ChannelShareCode.decode(shareCode, for: bob)
        let fingerprint = subscribed.owner.fingerprint

        // Alice posts; each message is one QR code.
        let message = ChannelMessage(kind: .url, created: Date(), expires: Date().addingTimeInterval(7 * 86_400),
                                     content: "https://garden.example/meeting")
        let messageCode = try ChannelMessageCode.encode(message, in: channel, signedBy: alice)

        // Bob scans it: the header names the channel, then the signature is checked and the text decrypted.
        let header = try ChannelMessageCode.header(messageCode)
        let opened = header.channelID == subscribed.id ? try ChannelMessageCode.decode(messageCode, channel: subscribed) : nil
        // doc-snippet-end
        #expect(opened == message && fingerprint == alice.publicIdentity.fingerprint)
        #expect(throws: ChannelError.notForThisRecipient) {
            try ChannelShareCode.decode(shareCode, for: PrivateIdentity.generate(name: "Eve"))
        }
    }

    @Test("EncryptedNotes: sealed fields open with the password, at the version they were written for")
    func notes() throws {
        // doc-snippet: EncryptedNotes
        // The account's parameters: made at registration, stored by the server, not secret.
        let account = AccountKDFParameters.fresh()
        let cipher = NoteCipher(password: "correct horse battery staple")

        // What the server receives in place of the password.
        let authToken = try cipher.accountKeys(account).authenticationToken

        // A new note is version 1; its fields are sealed for that version.
        let note = try NotePlaintext(title: "Wi-Fi", info: "garden / hunter2")
        let sealed = try cipher.seal(note, noteVersion: 1, account: account)

        // What the server gives back opens only at the version it claims.
        let opened = try cipher.open(sealed, version: 1)
        // doc-snippet-end
        #expect(opened == note && !authToken.isEmpty)
        #expect(throws: NotesError.authenticationFailed) { try cipher.open(sealed, version: 2) }
        #expect(throws: NotesError.authenticationFailed) { try NoteCipher(password: "wrong").open(sealed, version: 1) }
    }

    @Test("LocationSharing: a fix sealed for one share opens from the link's key, and not under another share id")
    func location() throws {
        let shareID = "AAAAAAAAAAAAAAAAAAAAAA"
        // doc-snippet: LocationSharing
        // The owner: one key per share; the server knows the share id, never the key.
        let key = LocationShareKey.generate()
        let link = LocationShareLink(base: "https://seqr.example", shareID: shareID, key: key)

        // Each fix is sealed on the phone; the server stores the string.
        let fix = try LocationFix(lat: 47.3769, lon: 8.5417, accuracy: 12, time: Date())
        let stored = key.seal(fix, shareID: shareID)

        // A follower has the link (from its QR code); the key is in its fragment.
        let followed = try LocationShareLink(parsing: link.description)
        let received = try followed.key.open(stored, shareID: followed.shareID)
        // doc-snippet-end
        #expect(received == fix && followed.pageURL == "https://seqr.example/l/\(shareID)")
        #expect(throws: LocationError.authenticationFailed) { try key.open(stored, shareID: "BBBBBBBBBBBBBBBBBBBBBB") }
    }
}
