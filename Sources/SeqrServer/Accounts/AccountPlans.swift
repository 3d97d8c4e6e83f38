/// What each plan allows: a free account holds at most `freeNoteLimit` notes, a pro account any number.
/// One value, given to both ``AccountsService`` (which reports the limit) and ``NotesService`` (which enforces it).
public struct AccountPlans: Sendable, Equatable {
    public var freeNoteLimit: Int

    public init(freeNoteLimit: Int = 10) {
        self.freeNoteLimit = freeNoteLimit
    }

    /// nil: no limit.
    public func noteLimit(for account: AccountRecord) -> Int? { account.pro ? nil : freeNoteLimit }

    /// The plan's name on the wire (`NotesAPI.SessionResponse.plan`, `NotesAPI.AccountResponse.plan`).
    static func name(of account: AccountRecord) -> String { account.pro ? "pro" : "free" }
}
