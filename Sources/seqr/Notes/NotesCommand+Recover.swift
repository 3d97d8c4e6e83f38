import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrQR
import SeqrStore

extension NotesCommand {
    /// Signs in with a paper emergency kit and sets a new password (docs/formats/notes.md, "Paper emergency kit").
    struct Recover: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recover",
            abstract: "Sign in with K sheets of a paper emergency kit, without the password, and set a new one.",
            discussion: """
            Give K sheets of the account's kit (`seqr notes kit`): photos, scans or PDFs with --sheet, \
            or their words typed on standard input with --words (one sheet a line; then --server and \
            --username, which the sheets' small code otherwise gives). The kit signs in, opens the account \
            key and wraps it for a new password (read as for `notes passwd`); no note is re-encrypted, \
            every other session ends, and this store is signed in. The kit keeps working.

              seqr notes recover --sheet a.png --sheet b.png --sheet c.jpg
            """)

        @Option(name: .customLong("sheet"), help: "A photo, scan or PDF of kit sheets (or a text file of one sheet's words); repeat for each.")
        var sheets: [String] = []
        @Flag(help: "Read sheets' words from standard input, one sheet a line, ending at an empty line or the end of input.")
        var words = false
        @Option(help: "The account's name (default: the one the sheets' code names).") var username: String?
        @Option(help: "Read the new password from the first line of this file (SEQR_NEW_PASSWORD works too).")
        var newPasswordFile: String?
        @Option(help: "PBKDF2 iterations for the new password's keys (at least 210,000).") var kdfIterations = AccountKDFParameters.defaultIterations
        @OptionGroup var picture: PictureLimitOptions
        @OptionGroup var options: NotesOptions

        struct Output: Encodable {
            var username: String
            var server: String
            var notes: Int
            var kitPrintedAt: Date?
        }

        func run() async throws {
            guard !sheets.isEmpty || words else { throw CLIError("give the kit's sheets: --sheet FILE (repeat), or --words", status: .usage) }
            guard kdfIterations >= AccountKDFParameters.minimumIterations else {
                throw CLIError("--kdf-iterations must be at least \(AccountKDFParameters.minimumIterations)", status: .usage)
            }
            let store = try StoreOptions.open(directory: options.store)
            var shares: [KeyShare] = []
            var codes: [NotesKitAccountCode] = []
            for path in sheets {
                let read = try KeyShare.read(fromFile: path, pixelLimit: picture.maxPixels, alsoKeeping: [NotesKitAccountCode.magic])
                shares += read.shares
                for bytes in read.others {
                    let code: NotesKitAccountCode
                    do { code = try NotesKitAccountCode(parsing: bytes) } catch { throw CLIError("\(path): \(error)", status: .dataError) }
                    if !codes.contains(code) { codes.append(code) }
                }
            }
            if words { shares += try Self.typedShares() }
            guard codes.count <= 1 else {
                throw CLIError("the sheets name \(codes.count) different accounts; give sheets of one kit", status: .dataError)
            }
            guard let username = username ?? codes.first?.username, let server = options.server ?? codes.first?.server else {
                throw CLIError("no sheet's code names the server and account: give --server and --username", status: .usage)
            }
            let kitKey: NotesKitKey
            do {
                kitKey = try NotesKitKey(bytes: try KeySheets.combine(shares))
            } catch let error as KeySheetError {
                if case let .notEnoughShares(have, need) = error {
                    throw CLIError("\(have) of the \(need) sheets this kit needs: \(need - have) more needed", status: .dataError)
                }
                throw CLIError("the sheets do not restore a kit: \(error)", status: .dataError)
            }
            // The account code is authenticated by the kit: checked before anything is sent, so a code changed
            // by someone holding fewer sheets cannot send the kit's sign-in key to a server of theirs.
            if let code = codes.first {
                do { try kitKey.verify(code) } catch { throw CLIError(error.description, status: .dataError) }
            }
            let anonymous = options.client(server: server)
            let session: NotesAPI.SessionResponse
            do {
                session = try await anonymous.kitLogin(username: username, kitAuthKey: kitKey.authenticationToken)
            } catch ServerClientError.server(_, "wrong_credentials", _) {
                throw CLIError("\(DisplayName.escaped(server)) refuses this kit for \(DisplayName.escaped(username)): a newer kit was printed or this one was removed, or the sheets are another account's",
                               status: .noPermission)
            } catch {
                throw notesFailure(error)
            }
            let client = options.client(server: server, token: session.token)
            let list = try await withNotesErrors { try await client.unlockMethods() }
            let accountKey = try kitKey.accountKey(from: list, username: username)
            let printedAt = list.methods.first { $0.kind == .kit && $0.id == kitKey.methodID }?.createdAt

            let replacement = try SecretSource.newPassword(file: newPasswordFile).read(confirm: true)
            let newKDF = AccountKDFParameters.fresh(iterations: kdfIterations)
            let newKeys = try AccountKeys(password: replacement, parameters: newKDF)
            try await withNotesErrors {
                try await client.resetPasswordWithKit(NotesAPI.KitPasswordResetRequest(
                    kitAuthKey: kitKey.authenticationToken, newAuthKey: newKeys.authenticationToken, newKDF: newKDF,
                    password: .password(accountKey, keys: newKeys, username: username)))
            }
            let saved = NotesSession(server: server, username: username, token: session.token, kdf: newKDF,
                                     expires: session.expiresAt, passwordCheck: newKeys.passwordCheck)
            try store.saveNotesSession(saved)

            // Every note read back under the account key: the proof the recovery worked.
            let notes = try await withNotesErrors { try await client.notes() }
            let cipher = NoteCipher(password: replacement).withAccountKey(accountKey)
            let fromPassword = notes.filter { $0.format != .seqrAEAD || $0.kdf != NoteKDF(accountKey.noteKDF) }
            _ = try options.openAll(notes.filter { note in !fromPassword.contains { $0.id == note.id } }, with: cipher, session: saved)
            if !fromPassword.isEmpty {
                StandardStreams.warn("\(fromPassword.count) note\(fromPassword.count == 1 ? " is" : "s are") still sealed from the old password and open only with it")
            }
            if options.json {
                return try JSONOutput.print(Output(username: username, server: server, notes: notes.count - fromPassword.count, kitPrintedAt: printedAt))
            }
            let count = notes.count - fromPassword.count
            // The server and account the sheets' code named are said: a forged code would have sent the kit elsewhere.
            print("recovered \(DisplayName.escaped(username)) at \(DisplayName.escaped(server)): new password set, \(count) note\(count == 1 ? "" : "s") read, other sessions signed out; the kit still works")
        }

        /// The words typed on standard input, one sheet a line, up to an empty line.
        static func typedShares() throws -> [KeyShare] {
            var shares: [KeyShare] = []
            while let line = readLine(), !line.trimmingCharacters(in: .whitespaces).isEmpty {
                do { shares.append(try KeyShare(mnemonic: line)) } catch {
                    throw CLIError("typed sheet \(shares.count + 1): \(error)", status: .dataError)
                }
            }
            return shares
        }
    }
}
