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
        do {
            _ = try addCodes(onPagesOf: Array(pages.indices), eachPage: { index, _, page in try page(pages[index]) }, progress: { _, _ in })
        } catch let error as QRDecodingError {
            throw error
        } catch {
            preconditionFailure("handing over a page threw \(error)")
        }
    }

    /// ``addCodes(onPagesOf:eachPage:progress:pageRead:)`` for a reader that returns a file's pages at once.
    public mutating func addCodes<File: Hashable & Sendable>(
        onPagesOf files: [File], reading pages: @escaping @Sendable (File) throws -> [GrayImage], progress: (FileReading<File>, VaultAssembler) -> Void,
        pageRead: (VaultAssembler) -> Void = { _ in }
    ) throws -> Int {
        try addCodes(onPagesOf: files, eachPage: { file, _, page in try pages(file).forEach(page) }, progress: progress, pageRead: pageRead)
    }

    /// The same for pictures in files (PNG, JPEG, PDF pages). `eachPage` reads a file for a look
    /// and hands each of its pages to its last argument before reading the next (rethrowing what
    /// that throws: it throws once no more pages are wanted); it may draw a PDF finer for a
    /// second look. One thread reads while the others decode
    /// the pages read (`PageDecodingPipeline`); the codes are added page by page in the order
    /// given, and no further page is read once the backup is complete. Files are read again for a
    /// later look rather than kept in memory (a file named twice is looked at again once).
    /// `progress` hears after each file of each look, with the assembler as it then is, and
    /// `pageRead` after each page. Throws what `eachPage` throws, or a ``QRDecodingError``.
    /// Returns how many files the quick look needed.
    public mutating func addCodes<File: Hashable & Sendable>(
        onPagesOf files: [File], eachPage reading: @escaping @Sendable (File, Look, (GrayImage) throws -> Void) throws -> Void,
        progress: (FileReading<File>, VaultAssembler) -> Void, pageRead: (VaultAssembler) -> Void = { _ in }
    ) throws -> Int {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        typealias Request = (file: File, pages: Set<Int>?)
        /// Adds the codes of `requests`' pages, read `look`, page by page in order while codes are
        /// missing; notes the pages worth another look. Returns how many files it added.
        func addDecoded(_ requests: [Request], look: Look, noting: (File, Int, [DecodedSymbol], PageReading) -> Void) throws -> Int {
            guard !requests.isEmpty && !isComplete else { return 0 }
            let decoder = look.decoder(codesPerPage: codesPerPage)
            let pipeline = PageDecodingPipeline(requests.map { SendableRequest(file: $0.file, pages: $0.pages) }, width: width,
                                                pages: { $0.pages }, read: { request, page in try reading(request.file, look, page) },
                                                decode: { (image) throws(QRDecodingError) in try decoder.decode(image) })
            var used = 0, addedInFile = 0
            var failure: (any Error)?
            taking: while true {
                let event = pipeline.next()
                // After a failure or the last code, the pages already read are taken and dropped.
                guard failure == nil && !isComplete else {
                    if case .finished = event { break taking } else { continue }
                }
                switch event {
                case .finished:
                    if let failure { throw failure }
                    return used
                case let .page(request, page, result):
                    switch result {
                    case .failure(let error):
                        failure = error
                        pipeline.stop()
                    case .success(let symbols):
                        let reading = add(symbols)
                        pageRead(self)
                        addedInFile += reading.added
                        noting(requests[request].file, page, symbols, reading)
                        if isComplete {
                            used = request + 1
                            progress(FileReading(file: requests[request].file, added: addedInFile, look: look), self)
                            pipeline.stop()
                        }
                    }
                case let .requestEnd(request, error):
                    if let error {
                        failure = error
                        pipeline.stop()
                    } else {
                        used = request + 1
                        progress(FileReading(file: requests[request].file, added: addedInFile, look: look), self)
                        addedInFile = 0
                    }
                }
            }
            if let failure { throw failure }
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
        func pagesToLookAt(_ pages: inout [File: Set<Int>]) -> [Request] {
            files.compactMap { file in pages.removeValue(forKey: file).map { (file: file, pages: Optional($0)) } }
        }
        _ = try addDecoded(pagesToLookAt(&cutShort), look: .again) { file, page, _, reading in noteShowedFewer(file, page, reading) }
        _ = try addDecoded(pagesToLookAt(&showedFewer), look: .everyPass) { _, _, _, _ in }
        return read
    }
}

/// A file and the pages of it to decode, handed to the reading thread.
private struct SendableRequest<File: Sendable>: Sendable {
    var file: File
    var pages: Set<Int>?
}
