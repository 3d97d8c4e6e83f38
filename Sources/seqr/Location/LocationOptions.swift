import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

/// The server, the local store (session token and share keys) and --json.
struct LocationOptions: ParsableArguments {
    @Option(help: "The seqr-server URL (default: the signed-in session's, else $SEQR_NOTES_SERVER, else http://127.0.0.1:8080).")
    var server: String?

    @Option(help: "The local store directory, where the session token and share keys are kept.")
    var store: String?

    @Flag(name: .customLong("insecure-http"), help: "Allow plain http:// to a host other than loopback (the session token then crosses the network in the clear).")
    var insecureHTTP = false

    @Flag(help: "Print JSON (follow: one JSON object per line).") var json = false

    func openStore() throws -> LocalStore {
        try StoreOptions.open(directory: store)
    }

    func signedIn(_ store: LocalStore) throws -> (NotesSession, ServerClient) {
        guard let session = try store.notesSession() else {
            throw CLIError("not signed in: run `seqr notes register USER` or `seqr notes login USER` first", status: .noPermission)
        }
        let server = server ?? session.server
        return (session, ServerClient(server: server, token: session.token, allowsInsecureHTTP: insecureHTTP))
    }
}

/// Server answers about shares, as lines a person can act on.
func locationFailure(_ error: Error) -> Error {
    guard let failure = error as? ServerClientError else { return error }
    switch failure.code {
    case "share_not_found": return CLIError("no such share on the server: it was revoked or rotated, or the link is mistyped", status: .unavailable)
    case "share_expired": return CLIError("this share has expired", status: .unavailable)
    default: return notesFailure(error)
    }
}

func withLocationErrors<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch { throw locationFailure(error) }
}
