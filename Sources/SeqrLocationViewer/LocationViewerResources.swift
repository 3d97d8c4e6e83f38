import Foundation

/// The viewer's own files in this target's bundle: the page template, its script and style.
/// The live page (seqr-server) and the self-contained track file (`seqr location follow --map`)
/// are the same page with the same script; only how Leaflet and the data arrive differs.
enum LocationViewerResources {
    static func text(_ name: String, _ ext: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return "" }
        return text
    }

    static let template = text("location-viewer", "html")
    static let script = text("location-viewer", "js")
    static let style = text("location-viewer", "css")
}

/// Text made safe inside an HTML attribute value or element.
func htmlEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}
