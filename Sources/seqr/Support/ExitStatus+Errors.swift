import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrQR
import SeqrStore

// The exit status (docs/cli.md) of the errors other modules throw at the command line; every
// other typed error of Seqr's formats says an input is wrong (65).

extension ServerClientError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        switch self {
        case .server(let status, _, _) where status == 401 || status == 403: .noPermission
        case .server(let status, let code, _) where status >= 500 || code.hasPrefix("http_"): .unavailable
        case .server: .dataError
        case .unreachable, .timedOut, .badResponse, .certificate: .unavailable
        case .insecureTransport, .badServerURL: .usage
        }
    }
}

extension ImageFileError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        switch self {
        case .notFound, .unreadable: .noInput
        default: .dataError
        }
    }
}

extension PaperVaultError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        switch self {
        // The cipher refused the password or the key the sheets gave.
        case .authenticationFailed, .keySheetsRejected: .noPermission
        // Something to give on the command line: sheets (--share) or a password.
        case .keySheetsNeeded, .passwordNeeded: .usage
        default: .dataError
        }
    }
}

extension KeySheetFileError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        if case .unreadable(let error) = self { return error.exitStatus }
        return .dataError
    }
}

extension NotesError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        switch self {
        case .authenticationFailed, .wrappedKeyDoesNotOpen: .noPermission
        default: .dataError
        }
    }
}

extension StoreError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        switch self {
        case .wrongPassphrase: .noPermission
        // As for a password: none given and no terminal to ask on.
        case .passphraseRequired: .usage
        case .unusableStore: .cannotCreate
        default: .dataError
        }
    }
}

extension IdentityBackupError: ExitStatusReporting {
    public var exitStatus: ExitStatus {
        switch self {
        // The cipher refused the passphrase (or the file changed: the two cannot be told apart).
        case .wrongPassphraseOrDamaged: .noPermission
        default: .dataError
        }
    }
}
