import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrLocationViewer

/// `seqr location follow --map out.html`: the decrypted track as one self-contained page.
struct TrackMapOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the decrypted track to this HTML file (Leaflet inline; it contacts no server unless --map-tiles), rewritten as fixes arrive. It holds the positions in the clear: mode 0600.", valueName: "file"))
    var map: String?
    @Option(help: ArgumentHelp("Tiles for --map, e.g. 'https://tiles.example/{z}/{x}/{y}.png': that server sees which area the file's reader views.", valueName: "url-template"))
    var mapTiles: String?
    @Option(help: "The tile provider's attribution (HTML) for --map-tiles.") var mapAttribution = ""

    func validate() throws {
        if map == nil && mapTiles != nil { throw ValidationError("--map-tiles needs --map FILE") }
        if mapTiles == nil && !mapAttribution.isEmpty { throw ValidationError("--map-attribution needs --map-tiles") }
        _ = try tiles()
    }

    func tiles() throws -> MapTileSource? {
        guard let mapTiles else { return nil }
        do { return try MapTileSource(template: mapTiles, attribution: mapAttribution) } catch { throw ValidationError(error.description) }
    }

    /// nil without --map; Leaflet is read now, so a missing libjs-leaflet stops follow before it starts.
    func writer() throws -> TrackMapWriter? {
        guard let map else { return nil }
        try FileWriter.checkWritable(map)
        do { return TrackMapWriter(path: map, tiles: try tiles(), leaflet: try LeafletFiles()) } catch let error as LocationViewerError {
            throw CLIError(error.description)
        }
    }
}

/// Collects the fixes follow prints and rewrites the file after each batch that brought new ones.
final class TrackMapWriter {
    let path: String
    let tiles: MapTileSource?
    let leaflet: LeafletFiles
    private var fixes: [LocationFix] = []
    private var changed = true  // written once even when nothing has been shared yet

    init(path: String, tiles: MapTileSource?, leaflet: LeafletFiles) {
        self.path = path
        self.tiles = tiles
        self.leaflet = leaflet
    }

    func record(_ fix: LocationFix) {
        fixes.append(fix)
        changed = true
    }

    func write() throws {
        guard changed else { return }
        let html = TrackMapFile(fixes: fixes, tiles: tiles, leaflet: leaflet).html
        try FileWriter.write(Data(html.utf8), to: path, mode: .ownerOnly)
        changed = false
    }
}
