import ArgumentParser

struct JWSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jws",
        abstract: "Issue and verify signed QR codes (compact JWS, bare or as ...?jws= URLs).",
        discussion: """
        Algorithms: RS256/384/512 and PS256/384/512 (RSA 2048/3072/4096), ES256/384/512 \
        (P-256, P-384, P-521) and EdDSA (Ed25519). The verifier trusts a key, not the token: \
        the token's "alg" must be the key's, "none" and HMAC are refused, and nothing of the \
        payload is shown before its signature has been checked.
        """,
        subcommands: [Keygen.self, Sign.self, Verify.self]
    )
}

extension JWSAlgorithm: ExpressibleByArgument {}

import SeqrCore
