import Foundation

/// The account a request's bearer token belongs to, and the token's hash.
public final class SignedInSession: Sendable {
    public let account: AccountRecord
    public let tokenHash: Data

    init(account: AccountRecord, tokenHash: Data) {
        self.account = account
        self.tokenHash = tokenHash
    }
}
