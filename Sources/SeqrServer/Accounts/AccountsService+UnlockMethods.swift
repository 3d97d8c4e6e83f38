import Foundation
import Hummingbird
import SeqrCore

/// The account key's routes: list the unlock methods, add or remove one, and move an account made
/// before account keys over (`POST /v1/account/key`). The server checks the shape of each wrapped
/// key and stores it; it never has the key that opens one.
extension AccountsService {
    func addUnlockRoutes(to signedIn: RouterGroup<SeqrRequestContext>) {
        signedIn.get("account/unlock-methods", use: unlockMethods)
        signedIn.post("account/unlock-methods", use: addUnlockMethod)
        signedIn.delete("account/unlock-methods/:id", use: removeUnlockMethod)
        signedIn.post("account/key", use: createAccountKey)
    }

    /// Checks a method a client sends: its id, and a wrapped key of the right shape.
    static func checkMethod(_ method: NotesAPI.NewUnlockMethod, kind: UnlockMethodKind? = nil) throws {
        if let kind, method.kind != kind { throw APIError.badRequest("the unlock method must be of kind \(kind.rawValue)") }
        guard NotesAPI.isValidUnlockMethodID(method.id) else {
            throw APIError.badRequest("an unlock method id is 1–128 letters, digits, - or _")
        }
        do { _ = try WrappedAccountKey(parsing: method.wrappedKey) } catch {
            throw APIError.badRequest("wrappedKey must be \(WrappedAccountKey.byteCount) bytes of base64, starting with version 1")
        }
    }

    static func record(_ method: NotesAPI.NewUnlockMethod, owner: UUID, at now: Date) -> UnlockMethodRecord {
        UnlockMethodRecord(accountID: owner, id: method.id, kind: method.kind, wrappedKey: method.wrappedKey, createdAt: now)
    }

    static func list(_ key: AccountKeyRecord?) -> NotesAPI.UnlockMethodList {
        NotesAPI.UnlockMethodList(noteKDF: key?.noteKDF, methods: key?.methods.map(\.api) ?? [])
    }

    static let noAccountKey = APIError(.conflict, "no_account_key", "this account has no account key yet: unlock it once with an up-to-date client to move it over")

    @Sendable func unlockMethods(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        try JSONBody.response(Self.list(try await repository.accountKey(owner: context.account!.id)))
    }

    @Sendable func addUnlockMethod(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NotesAPI.NewUnlockMethod.self, request, limit: Self.maxBody)
        try Self.checkMethod(body)
        guard body.kind != .password else {
            throw APIError.badRequest("the password's wrapped key is replaced by changing the password, not added")
        }
        // A kit is a way in without the password: it is printed with PUT /v1/account/kit, which proves the password.
        guard body.kind != .kit else { throw APIError.badRequest("a kit is added with PUT /v1/account/kit, which proves the password") }
        let record = Self.record(body, owner: context.account!.id, at: Date())
        do {
            try await repository.addUnlockMethod(record, limit: NotesAPI.maximumUnlockMethods)
        } catch RepositoryError.noAccountKey {
            throw Self.noAccountKey
        } catch RepositoryError.unlockMethodExists {
            throw APIError(.conflict, "unlock_method_exists", "this account has an unlock method with this id")
        } catch RepositoryError.tooManyUnlockMethods(let limit) {
            throw APIError(.conflict, "too_many_unlock_methods", "an account has at most \(limit) unlock methods; remove one first")
        }
        context.logger.info("unlock method added", metadata: ["account": "\(record.accountID)", "kind": "\(record.kind.rawValue)"])
        return try JSONBody.response(record.api, status: .created)
    }

    @Sendable func removeUnlockMethod(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id"), NotesAPI.isValidUnlockMethodID(id) else {
            throw APIError(.notFound, "not_found", "no such unlock method")
        }
        do {
            try await repository.removeUnlockMethod(owner: context.account!.id, id: id)
        } catch RepositoryError.notFound {
            throw APIError(.notFound, "not_found", "no such unlock method")
        } catch RepositoryError.lastPassword {
            throw APIError(.conflict, "last_password", "the password cannot be removed: it is the only way to sign in")
        }
        context.logger.info("unlock method removed", metadata: ["account": "\(context.account!.id)"])
        return Response(status: .noContent)
    }

    /// Moves an account over: the account key is the encryption key its password derives with
    /// its current parameters, so those become the label and no note is written.
    @Sendable func createAccountKey(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NotesAPI.CreateAccountKeyRequest.self, request, limit: Self.maxBody)
        try Self.checkMethod(body.password, kind: .password)
        let account = try await authenticate(username: context.account!.username, authKey: body.authKey, context: context)
        let now = Date()
        let key = AccountKeyRecord(accountID: account.id, noteKDF: account.kdf, createdAt: now,
                                   methods: [Self.record(body.password, owner: account.id, at: now)])
        do {
            try await repository.createAccountKey(key)
        } catch RepositoryError.accountKeyExists {
            throw APIError(.conflict, "account_key_exists", "this account has an account key already")
        }
        context.logger.info("account key created", metadata: ["account": "\(account.id)"])
        return try JSONBody.response(Self.list(key), status: .created)
    }
}
