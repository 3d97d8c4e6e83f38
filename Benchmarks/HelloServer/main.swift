import Hummingbird

// The baseline for scripts/bench-server: the smallest Hummingbird app, answering a fixed
// string, run in the same way and measured in the same wrk run as seqr-server.
let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 8081 : 8081
let router = Router()
router.get("/") { _, _ in "Hello, world!" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
