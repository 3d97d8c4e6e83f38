import Foundation
import SeqrCloudClient
import SeqrCore
import Testing

/// The code of SeqrCloudClient.docc's articles, run against the real application on a loopback
/// socket (regions checked against the articles by DocSnippetSyncTests).
@Suite("SeqrCloudClient articles' code")
struct DocArticleTests {
    @Test("UsingASeqrServer: register, store a note, read it back; share a location a follower reads without an account")
    func serverRoundTrip() async throws {
        try await ServerClientTests().withServer(.sqlite) { server in
            let url = server.server
            // doc-snippet: UsingASeqrServer
            // Register: the server gets the KDF parameters and the authentication key, never the password.
            let cipher = NoteCipher(password: "correct horse battery staple")
            let account = AccountKDFParameters.fresh()
            var client = ServerClient(server: url)  // https://…; plain http only to loopback
            let session = try await client.register(
                username: "alice", authKey: try cipher.accountKeys(account).authenticationToken, kdf: account)
            client.token = session.token

            // Notes: sealed here, stored as ciphertext, opened here.
            let sealed = try cipher.seal(try NotePlaintext(title: "Wi-Fi", info: "hunter2"), noteVersion: 1, account: account)
            _ = try await client.create(sealed)
            let notes = try await client.notes().map { try cipher.open($0) }

            // Location: a share, fixes sealed under a key the server never sees, and the link for followers.
            let share = try await client.createShare(format: .seqrLocationV1, expiresAt: Date().addingTimeInterval(3600))
            let key = LocationShareKey.generate()
            let fix = try LocationFix(lat: 47.3769, lon: 8.5417, time: Date())
            _ = try await client.pushFixes(shareID: share.id, data: [key.seal(fix, shareID: share.id)])
            let link = LocationShareLink(base: url, shareID: share.id, key: key)

            // A follower needs no account: the link's share id fetches ciphertext, its key opens it.
            let followed = try LocationShareLink(parsing: link.description)
            let feed = try await ServerClient(server: followed.base).feed(shareID: followed.shareID)
            let track = try feed.fixes.map { try followed.key.open($0.data, shareID: followed.shareID) }
            // doc-snippet-end
            #expect(notes == [try NotePlaintext(title: "Wi-Fi", info: "hunter2")])
            #expect(track == [fix])
        }
    }
}
