import Foundation
import SeqrTestSupport
import Testing

/// An https seqr-server whose certificate is refused is a certificate problem named as such
/// (which one), not "cannot reach seqr-server"; SSL_CERT_FILE and SSL_CERT_DIR add a private
/// authority as OpenSSL does (docs/server.md, "A private certificate authority").
@Suite("seqr names certificate problems and trusts SSL_CERT_FILE and SSL_CERT_DIR", .serialized)
struct CertificateProblemCLITests {
    /// A CA, a certificate it signed for 127.0.0.1, one for another name, and a self-signed one, made by openssl.
    struct Certificates {
        let directory: TemporaryDirectory
        var ca: String { directory.file("ca.pem") }

        init() throws {
            directory = try TemporaryDirectory()
            let openssl = try ExternalTool.named("openssl")
            let d = directory
            func run(_ arguments: [String]) throws {
                let outcome = try openssl.run(arguments)
                guard outcome.status == 0 else { throw ExternalTool.Missing(name: "openssl \(arguments.first ?? ""): \(outcome.stderr)") }
            }
            try run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", d.file("ca.key"), "-out", d.file("ca.pem"),
                     "-days", "2", "-subj", "/CN=Seqr Test CA"])
            try run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", d.file("self.key"), "-out", d.file("self.pem"),
                     "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
            for (name, san) in [("leaf", "IP:127.0.0.1"), ("other", "DNS:other.example")] {
                try run(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", d.file("\(name).key"), "-out", d.file("\(name).csr"),
                         "-subj", "/CN=\(name)"])
                _ = try directory.write(Data("subjectAltName=\(san)\n".utf8), to: "\(name).ext")
                try run(["x509", "-req", "-in", d.file("\(name).csr"), "-CA", d.file("ca.pem"), "-CAkey", d.file("ca.key"), "-CAcreateserial",
                         "-out", d.file("\(name).pem"), "-days", "2", "-extfile", d.file("\(name).ext")])
            }
        }
    }

    /// `openssl s_server` with `name`'s certificate on a free loopback port: TLS, then a plain page, not seqr-server's API.
    final class TLSServer {
        let process: BackgroundProcess
        let url: String

        init(_ certificates: Certificates, _ name: String) throws {
            let port = NginxProxyCLITests.freePort()
            let openssl = try ExternalTool.named("openssl").path
            let d = certificates.directory
            process = try BackgroundProcess(openssl, ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", d.file("\(name).pem"), "-key", d.file("\(name).key"), "-www"],
                                            logPath: d.file("s_server-\(name).log"))
            url = "https://127.0.0.1:\(port)"
            guard process.waitForLog(seconds: 20, { $0.contains("ACCEPT") ? true : nil }) != nil else {
                throw ExternalTool.Missing(name: "openssl s_server (log: \(process.log))")
            }
        }
    }

    func login(_ server: String, _ extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SSL_CERT_FILE", "SSL_CERT_DIR", "SEQR_NOTES_SERVER"] { environment.removeValue(forKey: name) }
        environment["SEQR_PASSWORD"] = "correct horse"
        environment.merge(extra) { $1 }
        let store = try TemporaryDirectory()
        return try SeqrBinary.tool.run(["notes", "login", "alice", "--server", server, "--store", store.file("s")], environment: environment)
    }

    @Test("a self-signed certificate, one from an unknown authority and one for another name are each named; never 'cannot reach'")
    func refusalsNamed() throws {
        let certificates = try Certificates()
        let selfSigned = try TLSServer(certificates, "self")
        let outcome = try login(selfSigned.url)
        #expect(outcome.status == 69 && outcome.stderr.contains("certificate problem") && outcome.stderr.contains("self-signed"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("cannot reach"))

        let unknown = try TLSServer(certificates, "leaf")
        let untrusted = try login(unknown.url)
        #expect(untrusted.status == 69 && untrusted.stderr.contains("signed by CN=Seqr Test CA") && untrusted.stderr.contains("does not trust"), "\(untrusted.stderr)")

        let other = try TLSServer(certificates, "other")
        let wrongName = try login(other.url, ["SSL_CERT_FILE": certificates.ca])
        #expect(wrongName.status == 69 && wrongName.stderr.contains("is not for 127.0.0.1"), "\(wrongName.stderr)")
    }

    @Test("location follow against a server whose certificate is refused names the certificate problem and ends, never 'cannot reach' nor retrying")
    func followNamesTheCertificate() throws {
        let certificates = try Certificates()
        let selfSigned = try TLSServer(certificates, "self")
        let link = "\(selfSigned.url)/l/AAAAAAAAAAAAAAAAAAAAAA#k=\(String(repeating: "B", count: 42))w"
        // Followed until it ends: the old code said "cannot reach" and retried for ever (stopped here after 30 s).
        let follow = try BackgroundProcess(SeqrBinary.tool.path, ["location", "follow", link, "--interval", "0.5"],
                                           logPath: certificates.directory.file("follow.log"))
        let status = follow.waitForExit(seconds: 30) ?? follow.stop()
        #expect(status == 69 && follow.log.contains("certificate problem") && follow.log.contains("self-signed"), "\(String(describing: status)): \(follow.log)")
        #expect(!follow.log.contains("cannot reach") && !follow.log.contains("reconnecting"), "\(follow.log)")
    }

    @Test("SSL_CERT_FILE and SSL_CERT_DIR make a private authority trusted; a variable naming nothing usable is an error")
    func privateAuthority() throws {
        let certificates = try Certificates()
        let server = try TLSServer(certificates, "leaf")
        let folder = certificates.directory.file("cas")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: certificates.ca, toPath: folder + "/my-ca.pem")
        for environment in [["SSL_CERT_FILE": certificates.ca], ["SSL_CERT_DIR": folder]] {
            // Past TLS, the page openssl serves is not seqr-server's API: any error but a certificate one.
            let outcome = try login(server.url, environment)
            #expect(!outcome.stderr.contains("certificate") && !outcome.stderr.contains("cannot reach"), "\(environment): \(outcome.stderr)")
        }
        let missing = try login(server.url, ["SSL_CERT_FILE": certificates.directory.file("none.pem")])
        #expect(missing.status == 69 && missing.stderr.contains("SSL_CERT_FILE"), "\(missing.stderr)")
    }
}
