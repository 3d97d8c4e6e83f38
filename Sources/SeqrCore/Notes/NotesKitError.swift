import Foundation

/// Why a paper emergency kit (``NotesKitKey``) or its account code could not be used
/// (docs/formats/notes.md, "Paper emergency kit").
public enum NotesKitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sheets combined to a key that is not 32 bytes: not a notes kit's sheets.
    case malformedKitKey(length: Int)
    /// A code starting with `NK` that is not a valid account code (version, length, characters).
    case malformedAccountCode(String)
    /// The account lists no kit with this key's id: the kit was revoked (a newer one printed, or removed).
    case kitNotOnAccount
    /// The kit's wrapped copy does not open under this kit key: altered, or moved from another account or method.
    case wrappedKeyDoesNotOpen
    /// The account has no account key, so no kit can unlock it.
    case noAccountKey
    /// The sheets' account code was not printed with this kit (its tag does not verify): changed by
    /// someone who holds fewer sheets than the kit needs, or another kit's code.
    case accountCodeNotOfThisKit

    public var description: String {
        switch self {
        case .malformedKitKey(let n): "the sheets hold a \(n)-byte key, not a notes kit's 32 bytes: these are not notes kit sheets"
        case .malformedAccountCode(let why): "the sheet's account code is not valid: \(why)"
        case .kitNotOnAccount: "these sheets belong to a kit this account no longer has: a newer kit was printed, or this one was removed"
        case .wrappedKeyDoesNotOpen: "the kit's wrapped account key does not open with these sheets: the server altered it or gave another account's or method's"
        case .accountCodeNotOfThisKit: "the server and account printed on the sheets were not printed with this kit: the code was changed or is another kit's; nothing was sent"
        case .noAccountKey: "this account has no account key: no kit can unlock it"
        }
    }
}
