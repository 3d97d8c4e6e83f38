import Foundation
import NIOSSL

/// The certificate authorities the client trusts for https: the system's, or — as OpenSSL, curl
/// and git do — the PEM bundle `SSL_CERT_FILE` names instead of the system's, and the PEM files of
/// the folders `SSL_CERT_DIR` names (several joined by `:`) besides. A private CA is trusted by
/// naming its certificate there (docs/server.md, "A private certificate authority"); nothing
/// else loosens verification: the certificate chain and the host name are always checked.
struct ServerTrust: Sendable {
    let configuration: TLSConfiguration
    /// Why `SSL_CERT_FILE` or `SSL_CERT_DIR` could not be used; every https request then fails with it
    /// rather than silently trusting the system's authorities instead of the ones named.
    let problem: String?

    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ServerTrust {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty {
            guard let certificates = try? NIOSSLCertificate.fromPEMFile(file), !certificates.isEmpty else {
                return ServerTrust(configuration: configuration, problem: "SSL_CERT_FILE=\(file) holds no PEM certificate that can be read")
            }
            configuration.trustRoots = .certificates(certificates)
        }
        if let folders = environment["SSL_CERT_DIR"], !folders.isEmpty {
            var certificates: [NIOSSLCertificate] = []
            for folder in folders.split(separator: ":").map(String.init) {
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                    return ServerTrust(configuration: configuration, problem: "SSL_CERT_DIR names \(folder), which is not a folder that can be read")
                }
                // Every file that is PEM certificates (c_rehash's NNNNNNNN.0 links and *.pem, *.crt alike); others are skipped.
                for name in names.sorted() where !name.hasPrefix(".") {
                    certificates += (try? NIOSSLCertificate.fromPEMFile(folder + "/" + name)) ?? []
                }
            }
            if !certificates.isEmpty { configuration.additionalTrustRoots.append(.certificates(certificates)) }
        }
        return ServerTrust(configuration: configuration, problem: nil)
    }
}
