import Foundation
import Hummingbird
import HummingbirdTesting
import SeqrCore
import SeqrServer
import SeqrTestSupport
import Testing

/// The location endpoints in process, each test against SQLite and PostgreSQL.
@Suite("seqr-server location sharing")
struct LocationServerTests {
    static func fixes(_ count: Int, start: Date = Date(timeIntervalSince1970: 1_795_000_000)) throws -> [LocationFix] {
        try (0..<count).map { i in
            try LocationFix(lat: 47.37 + Double(i) * 0.001, lon: 8.54 + Double(i) * 0.001, accuracy: 5, time: start.addingTimeInterval(Double(i)))
        }
    }

    @Test("a share: created, pushed to, followed without an account, listed; the server holds only ciphertext", arguments: Backend.available)
    func shareAndFollow(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            #expect(LocationShareLink.isValidShareID(share.id) && share.format == .seqrLocationV1)
            // Ids never start like a command-line option.
            for _ in 0..<100 {
                let id = try await client.createShareThenRevoke(alice)
                #expect(id.first?.isLetter == true || id.first?.isNumber == true, "\(id)")
            }
            let key = LocationShareKey.generate()
            let track = try Self.fixes(3)
            let pushed = try await client.push(alice, share.id, track.map { key.seal($0, shareID: share.id) })
            #expect(pushed.status == .created)
            #expect(try decode(LocationAPI.FixUploadResponse.self, pushed).kept == 3)

            // A follower: no Authorization header at all.
            let feed = try await client.feed(share.id)
            #expect(feed.format == .seqrLocationV1 && feed.fixes.map(\.seq) == [1, 2, 3])
            #expect(try feed.fixes.map { try key.open($0.data, shareID: share.id) } == track)
            #expect(!feed.fixes.contains { $0.data.contains("47.37") })
            #expect(try await client.feed(share.id, after: 2).fixes.map(\.seq) == [3])

            let list = try decode(LocationAPI.ShareList.self, try await client.execute(uri: "/v1/location/shares", method: .get, headers: alice.auth))
            #expect(list.shares.count == 1 && list.shares[0].fixes == 3 && list.shares[0].lastFixAt != nil)

            // The viewer: the page, its script and style, served by the server itself.
            let page = try await client.execute(uri: "/l/\(share.id)", method: .get)
            #expect(page.status == .ok && page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            #expect(page.headers.contains { $0.name.canonicalName == "referrer-policy" && $0.value == "no-referrer" })
            #expect(String(buffer: page.body).contains("/static/location-viewer.js"))
            let script = try await client.execute(uri: "/static/location-viewer.js", method: .get)
            #expect(script.status == .ok && String(buffer: script.body).contains("crypto.subtle.decrypt"))
            #expect(try await client.execute(uri: "/static/location-viewer.css", method: .get).status == .ok)
        }
    }

    @Test("rotate gives a new id and drops the old fixes; revoke ends the share; old ids answer 404", arguments: Backend.available)
    func rotateAndRevoke(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice, expiresAt: Date().addingTimeInterval(3600))
            let key = LocationShareKey.generate()
            _ = try await client.push(alice, share.id, try Self.fixes(2).map { key.seal($0, shareID: share.id) })

            let rotatedResponse = try await client.execute(uri: "/v1/location/shares/\(share.id)/rotate", method: .post, headers: alice.auth)
            #expect(rotatedResponse.status == .ok)
            let rotated = try decode(LocationAPI.Share.self, rotatedResponse)
            #expect(rotated.id != share.id && rotated.format == share.format)
            #expect(abs(rotated.expiresAt!.timeIntervalSince(share.expiresAt!)) < 0.01)
            #expect(try await client.execute(uri: "/v1/location/feed/\(share.id)", method: .get).status == .notFound)
            #expect(try await client.feed(rotated.id).fixes.isEmpty)
            #expect(try await client.push(alice, share.id, [try key.seal(Self.fixes(1)[0], shareID: share.id)]).status == .notFound)
            // A fix sealed for the old id does not open under the new one, even if re-pushed.
            let stale = try key.seal(Self.fixes(1)[0], shareID: share.id)
            #expect(try await client.push(alice, rotated.id, [stale]).status == .created)
            #expect(throws: LocationError.authenticationFailed) { try key.open(stale, shareID: rotated.id) }

            #expect(try await client.execute(uri: "/v1/location/shares/\(rotated.id)", method: .delete, headers: alice.auth).status == .noContent)
            let gone = try await client.execute(uri: "/v1/location/feed/\(rotated.id)", method: .get)
            #expect(gone.status == .notFound)
            #expect(try decode(NotesAPI.ErrorBody.self, gone).error == "share_not_found")
            #expect(try await client.execute(uri: "/v1/location/shares/\(rotated.id)", method: .delete, headers: alice.auth).status == .notFound)
            #expect(try decode(LocationAPI.ShareList.self, try await client.execute(uri: "/v1/location/shares", method: .get, headers: alice.auth)).shares.isEmpty)
        }
    }

    @Test("PATCH sets a share's expiry (later, none, or anew once expired) keeping its id and fixes; past or missing expiresAt is 400; others get 404",
          arguments: Backend.available)
    func changeExpiry(backend: Backend) async throws {
        try await backend.withApp { client, repository, _ in
            var alice = TestUser(), mallory = TestUser()
            try await client.register(&alice)
            try await client.register(&mallory)
            let share = try await client.createShare(alice, expiresAt: Date().addingTimeInterval(60))
            let key = LocationShareKey.generate()
            _ = try await client.push(alice, share.id, try Self.fixes(2).map { key.seal($0, shareID: share.id) })
            func patch(_ user: TestUser, _ id: String, _ raw: ByteBuffer) async throws -> TestResponse {
                try await client.execute(uri: "/v1/location/shares/\(id)", method: .patch, headers: user.auth, body: raw)
            }
            func expiry(_ date: Date?) -> ByteBuffer { body(LocationAPI.ShareExpiryRequest(expiresAt: date)) }

            let later = Date().addingTimeInterval(7200)
            let extended = try await patch(alice, share.id, expiry(later))
            #expect(extended.status == .ok)
            let changed = try decode(LocationAPI.Share.self, extended)
            #expect(changed.id == share.id && changed.fixes == 2 && abs(changed.expiresAt!.timeIntervalSince(later)) < 1)
            #expect(try await client.feed(share.id).expiresAt.map { abs($0.timeIntervalSince(later)) < 1 } == true)

            let lifted = try await patch(alice, share.id, expiry(nil))
            #expect(lifted.status == .ok)
            #expect(try decode(LocationAPI.Share.self, lifted).expiresAt == nil)
            // A body without expiresAt would lift the expiry by mistake: refused, as is a time already past.
            #expect(try await patch(alice, share.id, ByteBuffer(string: "{}")).status == .badRequest)
            #expect(try await patch(alice, share.id, expiry(Date().addingTimeInterval(-5))).status == .badRequest)
            #expect(try await client.feed(share.id).expiresAt == nil)
            // Not Mallory's: 404, and no token: 401; nothing changed.
            #expect(try await patch(mallory, share.id, expiry(Date().addingTimeInterval(60))).status == .notFound)
            #expect(try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .patch, body: expiry(nil)).status == .unauthorized)
            #expect(try await patch(alice, Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255) }), expiry(nil)).status == .notFound)

            // An expired share answers 410 until its owner gives it a new expiry.
            let account = try #require(try await repository.account(username: alice.name))
            #expect(try await repository.setShareExpiry(id: share.id, owner: account.id, expiresAt: Date().addingTimeInterval(-1)))
            #expect(try await client.execute(uri: "/v1/location/feed/\(share.id)", method: .get).status == .gone)
            #expect(try await patch(alice, share.id, expiry(Date().addingTimeInterval(600))).status == .ok)
            #expect(try await client.feed(share.id).fixes.count == 2)
        }
    }

    @Test("another account cannot push to, rotate, revoke or list a share; owner endpoints need a token", arguments: Backend.available)
    func crossUser(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser(), mallory = TestUser()
            try await client.register(&alice)
            try await client.register(&mallory)
            let share = try await client.createShare(alice)
            let key = LocationShareKey.generate()
            _ = try await client.push(alice, share.id, [try key.seal(Self.fixes(1)[0], shareID: share.id)])
            var successes = 0
            let forged = key.seal(try LocationFix(lat: 0, lon: 0, time: Date()), shareID: share.id)
            for (uri, method, payload) in [
                ("/v1/location/shares/\(share.id)/fixes", HTTPRequest.Method.post, body(LocationAPI.FixUpload(fixes: [forged]))),
                ("/v1/location/shares/\(share.id)/rotate", .post, ByteBuffer()),
                ("/v1/location/shares/\(share.id)", .delete, ByteBuffer()),
            ] {
                let response = try await client.execute(uri: uri, method: method, headers: mallory.auth, body: payload)
                if (200..<300).contains(response.status.code) { successes += 1 }
                #expect(response.status == .notFound)
                #expect(try await client.execute(uri: uri, method: method, body: payload).status == .unauthorized)
            }
            #expect(successes == 0)
            let theirs = try decode(LocationAPI.ShareList.self, try await client.execute(uri: "/v1/location/shares", method: .get, headers: mallory.auth))
            #expect(theirs.shares.isEmpty)
            #expect(try await client.feed(share.id).fixes.count == 1)
        }
    }

    @Test("retention keeps the newest fixes within their age; expired shares answer 410; a share limit per account", arguments: Backend.available)
    func retentionAndExpiry(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.retention = LocationRetention(limit: 3, maxAge: 3600)
        settings.sharesPerAccount = 2
        let retention = settings.retention
        try await backend.withApp(location: settings) { client, repository, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            let key = LocationShareKey.generate()
            let sealed = try Self.fixes(5).map { key.seal($0, shareID: share.id) }
            let pushed = try await client.push(alice, share.id, sealed)
            #expect(try decode(LocationAPI.FixUploadResponse.self, pushed).kept == 3)
            #expect(try await client.feed(share.id).fixes.map(\.data) == Array(sealed.suffix(3)))

            // Fixes received two hours ago are past the one-hour retention: not served, and pruned on the next push.
            let account = try #require(try await repository.account(username: alice.name))
            let old = try await client.createShare(alice)
            _ = try await repository.appendFixes(shareID: old.id, owner: account.id, data: Array(sealed.prefix(2)),
                                                 now: Date().addingTimeInterval(-7200), retention: retention)
            #expect(try await client.feed(old.id).fixes.isEmpty)
            let kept = try await repository.appendFixes(shareID: old.id, owner: account.id, data: [sealed[4]], now: Date(), retention: retention)
            #expect(kept == 1)

            // The limit: two shares already.
            let third = try await client.execute(uri: "/v1/location/shares", method: .post, headers: alice.auth,
                                                 body: body(LocationAPI.CreateShareRequest(format: .seqrLocationV1, expiresAt: nil)))
            #expect(third.status == .conflict)
            #expect(try decode(NotesAPI.ErrorBody.self, third).error == "too_many_shares")
            #expect(try await client.execute(uri: "/v1/location/shares/\(old.id)", method: .delete, headers: alice.auth).status == .noContent)

            // Expired: followers get 410, pushes too; an expiry in the past is refused up front.
            let past = try await client.execute(uri: "/v1/location/shares", method: .post, headers: alice.auth,
                                                body: body(LocationAPI.CreateShareRequest(format: .seqrLocationV1, expiresAt: Date().addingTimeInterval(-5))))
            #expect(past.status == .badRequest)
            let expiredID = Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255) })
            try await repository.createShare(LocationShareRecord(id: expiredID, accountID: account.id, format: .seqrLocationV1,
                                                                 createdAt: Date().addingTimeInterval(-100), expiresAt: Date().addingTimeInterval(-1)), limit: nil)
            let expired = try await client.execute(uri: "/v1/location/feed/\(expiredID)", method: .get)
            #expect(expired.status == .gone)
            #expect(try decode(NotesAPI.ErrorBody.self, expired).error == "share_expired")
            #expect(try await client.push(alice, expiredID, [sealed[0]]).status == .gone)
        }
    }

    @Test("malformed fixes and bodies are refused; a fix altered on the way is caught by the follower", arguments: Backend.available)
    func badInput(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            let key = LocationShareKey.generate()
            let good = try key.seal(Self.fixes(1)[0], shareID: share.id)
            let cryptoJS = try LocationShareKey.generate(.cryptoJS).seal(Self.fixes(1)[0], shareID: share.id)
            for fixes in [[], ["not base64!"], [cryptoJS], [Data([2] + Array(repeating: 0, count: 40)).base64EncodedString()],
                          [String(repeating: "A", count: 2000)], Array(repeating: good, count: LocationAPI.maxFixesPerUpload + 1)] {
                #expect(try await client.push(alice, share.id, fixes).status == .badRequest)
            }
            for raw in ["{", "{\"fixes\":\"x\"}", "[]"] {
                let response = try await client.execute(uri: "/v1/location/shares/\(share.id)/fixes", method: .post, headers: alice.auth, body: ByteBuffer(string: raw))
                #expect(response.status == .badRequest)
            }
            let badFormat = try await client.execute(uri: "/v1/location/shares", method: .post, headers: alice.auth, body: ByteBuffer(string: #"{"format":"rot13"}"#))
            #expect(badFormat.status == .badRequest)
            for id in ["short", "AAAAAAAAAAAAAAAAAAAAA%2B", String(repeating: "A", count: 200)] {
                #expect(try await client.execute(uri: "/v1/location/feed/\(id)", method: .get).status == .notFound)
            }
            #expect(try await client.feed(share.id).fixes.isEmpty)

            // What a dishonest server (or anything between) could store: a bit flipped in a sealed fix.
            var bytes = Data(base64Encoded: good)!
            bytes[bytes.count - 20] ^= 0x01
            #expect(try await client.push(alice, share.id, [good, bytes.base64EncodedString()]).status == .created)
            let feed = try await client.feed(share.id)
            #expect(try key.open(feed.fixes[0].data, shareID: share.id) == Self.fixes(1)[0])
            #expect(throws: LocationError.authenticationFailed) { try key.open(feed.fixes[1].data, shareID: share.id) }
            #expect(throws: LocationError.authenticationFailed) { try LocationShareKey.generate().open(feed.fixes[0].data, shareID: share.id) }
        }
    }

    @Test("CryptoJS mode: strings from an independent implementation go through the server and open", arguments: Backend.available)
    func cryptoJSInterop(backend: Backend) async throws {
        let python = try ExternalTool.named("python3")
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference/berrypicker_reference.py").path
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let response = try await client.execute(uri: "/v1/location/shares", method: .post, headers: alice.auth,
                                                    body: body(LocationAPI.CreateShareRequest(format: .cryptoJS, expiresAt: nil)))
            let share = try decode(LocationAPI.Share.self, response)
            #expect(share.format == .cryptoJS)
            let key = LocationShareKey.generate(.cryptoJS)
            let fix = try Self.fixes(1)[0]
            let theirs = try python.run([reference, "encrypt", key.bytes.base64EncodedString()], stdin: fix.json())
            #expect(theirs.status == 0)
            #expect(try await client.push(alice, share.id, [theirs.stdoutText, try key.seal(fix, shareID: share.id)]).status == .created)
            let feed = try await client.feed(share.id)
            #expect(feed.format == .cryptoJS)
            #expect(try feed.fixes.map { try key.open($0.data, shareID: share.id) } == [fix, fix])
            let back = try python.run([reference, "decrypt", key.bytes.base64EncodedString()], stdin: Data(feed.fixes[1].data.utf8))
            #expect(try LocationFix(json: back.stdout) == fix)
        }
    }

    @Test("deleting the account deletes its shares and fixes", arguments: Backend.available)
    func accountDeletion(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            _ = try await client.push(alice, share.id, [try LocationShareKey.generate().seal(Self.fixes(1)[0], shareID: share.id)])
            #expect(try await client.execute(uri: "/v1/account", method: .delete, headers: alice.auth,
                                             body: body(NotesAPI.DeleteAccountRequest(authKey: alice.authKey))).status == .noContent)
            #expect(try await client.execute(uri: "/v1/location/feed/\(share.id)", method: .get).status == .notFound)
        }
    }
}

extension TestClientProtocol {
    func createShareThenRevoke(_ user: TestUser) async throws -> String {
        let share = try await createShare(user)
        #expect(try await execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: user.auth).status == .noContent)
        return share.id
    }

    func createShare(_ user: TestUser, format: LocationFormat = .seqrLocationV1, expiresAt: Date? = nil) async throws -> LocationAPI.Share {
        let response = try await execute(uri: "/v1/location/shares", method: .post, headers: user.auth,
                                         body: body(LocationAPI.CreateShareRequest(format: format, expiresAt: expiresAt)))
        #expect(response.status == .created)
        return try decode(LocationAPI.Share.self, response)
    }

    func push(_ user: TestUser, _ shareID: String, _ fixes: [String]) async throws -> TestResponse {
        try await execute(uri: "/v1/location/shares/\(shareID)/fixes", method: .post, headers: user.auth, body: body(LocationAPI.FixUpload(fixes: fixes)))
    }

    func feed(_ shareID: String, after: Int = 0) async throws -> LocationAPI.Feed {
        let response = try await execute(uri: "/v1/location/feed/\(shareID)?after=\(after)", method: .get)
        #expect(response.status == .ok)
        #expect(response.headers[.cacheControl] == "no-store")
        return try decode(LocationAPI.Feed.self, response)
    }
}
