import Hummingbird

extension Router where Context == SeqrRequestContext {
    /// For every path served, each other method answers 405 with `Allow` naming the methods the path
    /// has (RFC 9110 §15.5.6), as docs/openapi.yaml implies, instead of the 404 an unknown path gets.
    /// Called once every route is added.
    func answerOtherMethodsWith405() {
        let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch, .options, .trace, HTTPRequest.Method("QUERY")!]
        for (_, routes) in Dictionary(grouping: routes, by: { $0.path.description }) {
            let allowed = Set(routes.map(\.method))
            let allow = allowed.map(\.rawValue).sorted().joined(separator: ", ")
            for method in methods where !allowed.contains(method) {
                on(routes[0].path, method: method) { _, _ -> Response in
                    throw APIError(.methodNotAllowed, "method_not_allowed", "this path answers \(allow) only", allow: allow)
                }
            }
        }
    }
}
