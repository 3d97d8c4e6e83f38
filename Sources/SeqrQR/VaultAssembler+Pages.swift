import Foundation
import SeqrCore

extension VaultAssembler {
    /// What reading one page image gave.
    public struct PageReading: Sendable, Equatable {
        /// Codes that were new to the assembler.
        public var added: Int
        /// QR codes the page showed, vault codes or not.
        public var shown: Int
    }

    /// How hard a page is looked at. Restore looks at every page quickly, then, only while codes
    /// are missing, again at the pages the quick look cut short, then with every pass at the
    /// pages that showed fewer codes than a page holds.
    public enum Look: Sendable, Equatable {
        /// The decoder's default passes, stopping as soon as the page gave every code a printed
        /// page holds (`holdsWholePage(_:)`), and giving up on a page that shows nothing to the
        /// first pass (a page of text, or one to look at again).
        case quick
        /// The default passes in full, with no count to stop them.
        case again
        /// Every decoder pass (``QRDecoder/thorough``).
        case everyPass

        /// The decoder of this look; `codesPerPage` is what the codes read so far say a page
        /// holds (unknown before the first code: then the default layout's count).
        func decoder(codesPerPage: Int?) -> QRDecoder {
            var decoder = QRDecoder(thorough: self == .everyPass)
            // A page holds several codes; one pass finding some is no reason to stop looking.
            decoder.endsAtFirstFind = false
            if self == .quick {
                decoder.holdsNoMore = { symbols in VaultAssembler.holdsWholePage(symbols.map { [UInt8]($0.payload) }) }
                decoder.givesUpWhenFirstPassFindsNothing = true
                let layout = PaperVault.Options()
                decoder.expectedSymbols = codesPerPage ?? layout.rows * layout.columns
            }
            return decoder
        }
    }

    /// Reads every QR code on a page image (a scan, a photo, a rendered PDF page) and adds
    /// the vault codes among them; other codes are ignored. `thorough` runs every decoder
    /// pass (``QRDecoder/thorough``): slower, and worth it only for a page that showed
    /// fewer codes than it may hold (``mayHoldMore(_:)``).
    @discardableResult
    public mutating func addCodes(on page: GrayImage, thorough: Bool = false) throws(QRDecodingError) -> PageReading {
        add(try (thorough ? Look.everyPass : .again).decoder(codesPerPage: codesPerPage).decode(page))
    }

    /// Adds the vault codes among `symbols`.
    mutating func add(_ symbols: [DecodedSymbol]) -> PageReading {
        var added = 0
        for symbol in symbols {
            switch add([UInt8](symbol.payload)) {
            case .added, .addedParity: added += 1
            case .duplicate, .ignored: break
            }
        }
        return PageReading(added: added, shown: symbols.count)
    }

    /// Whether a page that gave `reading` may hold codes the quick decoder missed: it showed
    /// fewer than a full page holds (a backup's last page is often short, so this is a
    /// reason to look again if codes are still missing at the end, not a sign of loss).
    public func mayHoldMore(_ reading: PageReading) -> Bool {
        reading.shown < (codesPerPage ?? Int.max)
    }

    /// What reading one file's pages added, in one of the looks.
    public struct FileReading<File: Sendable>: Sendable {
        /// The file read.
        public var file: File
        /// Codes that were new to the assembler.
        public var added: Int
        /// How hard it was looked at.
        public var look: Look
    }

    /// Reads `pages` as `seqr vault restore` does: all of them quickly, in the order given,
    /// until the backup is complete; then, if codes are still missing, the pages that may
    /// hold more again.
    public mutating func addCodes(onPages pages: [GrayImage]) throws(QRDecodingError) {
        _ = try addCodes(onPagesOf: Array(pages.indices), reading: { (index: Int) throws(QRDecodingError) in [pages[index]] },
                         decodingError: { $0 }, progress: { _, _ in })
    }

    /// The same for pictures in files (PNG, JPEG, PDF pages). A few files at a time are read and
    /// decoded at once, one per processor (`reading` is called from several threads); their
    /// codes are added in the order given, and no further file is read once the backup is
    /// complete. Files are read again for a later look rather than kept in memory (a file named
    /// twice is looked at again once). `progress` hears after each file of each look, with the
    /// assembler as it then is, and `pageRead` after each page (for a progress bar). Returns how
    /// many files the quick look needed.
    public mutating func addCodes<File: Hashable & Sendable>(
        onPagesOf files: [File], reading pages: @escaping @Sendable (File) throws -> [GrayImage], progress: (FileReading<File>, VaultAssembler) -> Void,
        pageRead: (VaultAssembler) -> Void = { _ in }
    ) throws -> Int {
        try addCodes(onPagesOf: files, reading: pages, decodingError: { $0 }, progress: progress, pageRead: pageRead)
    }

    private mutating func addCodes<File: Hashable & Sendable, Failure: Error>(
        onPagesOf files: [File], reading pages: @escaping @Sendable (File) throws(Failure) -> [GrayImage],
        decodingError: @escaping @Sendable (QRDecodingError) -> Failure, progress: (FileReading<File>, VaultAssembler) -> Void,
        pageRead: (VaultAssembler) -> Void = { _ in }
    ) throws(Failure) -> Int {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        /// Reads and decodes `requests` (a file, and which of its pages: nil for all) at once, `look` at each page.
        func decode(_ requests: [(file: File, pages: Set<Int>?)], look: Look) -> [Result<[(page: Int, symbols: [DecodedSymbol])], Failure>] {
            let decoder = look.decoder(codesPerPage: codesPerPage)
            return requests.concurrentMap { request in
                Result { () throws(Failure) -> [(page: Int, symbols: [DecodedSymbol])] in
                    let images = try pages(request.file)
                    let wanted = images.indices.filter { request.pages?.contains($0) ?? true }
                    // A file of several pages (a PDF) spreads its pages over the processors too.
                    let decoded = wanted.concurrentMap { index in
                        Result { () throws(QRDecodingError) -> (page: Int, symbols: [DecodedSymbol]) in
                            (page: index, symbols: try decoder.decode(images[index]))
                        }
                    }
                    return try decoded.map { (result) throws(Failure) -> (page: Int, symbols: [DecodedSymbol]) in
                        switch result {
                        case .success(let page): return page
                        case .failure(let error): throw decodingError(error)
                        }
                    }
                }
            }
        }
        /// Adds what `decode` gave, file by file in order, while codes are missing; notes the pages
        /// worth another look. Returns how many files it added.
        func addDecoded(_ requests: [(file: File, pages: Set<Int>?)], look: Look,
                 noting: (File, Int, [DecodedSymbol], PageReading) -> Void) throws(Failure) -> Int {
            var used = 0
            for start in stride(from: 0, to: requests.count, by: width) where !isComplete {
                let batch = Array(requests[start..<min(start + width, requests.count)])
                for (request, result) in zip(batch, decode(batch, look: look)) where !isComplete {
                    used += 1
                    var added = 0
                    for (page, symbols) in try result.get() where !isComplete {
                        let reading = add(symbols)
                        pageRead(self)
                        added += reading.added
                        noting(request.file, page, symbols, reading)
                    }
                    progress(FileReading(file: request.file, added: added, look: look), self)
                }
            }
            return used
        }

        var cutShort: [File: Set<Int>] = [:], showedFewer: [File: Set<Int>] = [:]
        func noteShowedFewer(_ file: File, _ page: Int, _ reading: PageReading) {
            if mayHoldMore(reading) { showedFewer[file, default: []].insert(page) }
        }
        let read = try addDecoded(files.map { (file: $0, pages: nil) }, look: .quick) { file, page, symbols, reading in
            // Given up on after one pass, or stopped by the count: the default passes did not all run.
            if symbols.isEmpty || Self.holdsWholePage(symbols.map { [UInt8]($0.payload) }) {
                cutShort[file, default: []].insert(page)
            } else {
                noteShowedFewer(file, page, reading)
            }
        }
        // Then by file, in the order given (a file named twice is looked at again once).
        func pagesToLookAt(_ pages: inout [File: Set<Int>]) -> [(file: File, pages: Set<Int>?)] {
            files.compactMap { file in pages.removeValue(forKey: file).map { (file: file, pages: Optional($0)) } }
        }
        if !isComplete {
            _ = try addDecoded(pagesToLookAt(&cutShort), look: .again) { file, page, _, reading in noteShowedFewer(file, page, reading) }
        }
        if !isComplete {
            _ = try addDecoded(pagesToLookAt(&showedFewer), look: .everyPass) { _, _, _, _ in }
        }
        return read
    }
}

extension Array where Element: Sendable {
    /// `transform` of every element, run on all processors at once; the results in order.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        let results = ConcurrentResults<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in results.set(index, transform(self[index])) }
        return results.values
    }
}

/// Slots each written once by one worker of `concurrentPerform`, read after it returns.
private final class ConcurrentResults<T: Sendable>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: T) { lock.withLock { slots[index] = value } }
    var values: [T] { lock.withLock { slots.map { $0! } } }
}
