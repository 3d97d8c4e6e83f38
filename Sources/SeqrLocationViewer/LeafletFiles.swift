import Foundation

/// Leaflet 1.7 as Debian's libjs-leaflet installs it, read once when the server or a command
/// starts: nothing of Leaflet is copied into this repository, and Debian's security updates
/// reach the viewer with the next restart. Only the script and the style sheet are used (the
/// viewer draws no icon images).
public struct LeafletFiles: Sendable {
    public static let defaultDirectory = "/usr/share/javascript/leaflet"

    public let script: Data
    public let style: Data

    public init(directory: String = Self.defaultDirectory) throws(LocationViewerError) {
        guard let script = FileManager.default.contents(atPath: directory + "/leaflet.min.js") ?? FileManager.default.contents(atPath: directory + "/leaflet.js"),
              let style = FileManager.default.contents(atPath: directory + "/leaflet.css")
        else { throw .leafletMissing(directory: directory) }
        self.script = script
        self.style = style
    }

    /// Leaflet's BSD-2-clause licence, which must travel with every copy of it.
    public static var license: String { LocationViewerResources.text("leaflet-LICENSE", "txt") }
}
