import SeqrCore

extension VaultAssembler {
    /// What reading one page image gave.
    public struct PageReading: Sendable, Equatable {
        /// Codes that were new to the assembler.
        public var added: Int
        /// QR codes the page showed, vault codes or not.
        public var shown: Int
    }

    /// Reads every QR code on a page image (a scan, a photo, a rendered PDF page) and adds
    /// the vault codes among them; other codes are ignored. `thorough` runs every decoder
    /// pass (``QRDecoder/thorough``): slower, and worth it only for a page that showed
    /// fewer codes than it may hold (``mayHoldMore(_:)``).
    @discardableResult
    public mutating func addCodes(on page: GrayImage, thorough: Bool = false) throws(QRDecodingError) -> PageReading {
        let symbols = try QRDecoder(thorough: thorough).decode(page)
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

    /// What reading one file's pages added, in the quick first pass or the thorough second look.
    public struct FileReading<File: Sendable>: Sendable {
        public var file: File
        /// Codes that were new to the assembler.
        public var added: Int
        /// Whether this was the second look, with every decoder pass.
        public var secondLook: Bool
    }

    /// Reads `pages` as `seqr vault restore` does: all of them quickly, in the order given,
    /// until the backup is complete; then, if codes are still missing, the pages that may
    /// hold more once again with every decoder pass.
    public mutating func addCodes(onPages pages: [GrayImage]) throws(QRDecodingError) {
        _ = try addCodes(onPagesOf: Array(pages.indices), reading: { (index: Int) throws(QRDecodingError) in [pages[index]] },
                         decodingError: { $0 }, progress: { _, _ in })
    }

    /// The same for pictures in files (PNG, JPEG, PDF pages), read one file at a time: a file is
    /// read only while codes are missing, and read again for the second look rather than kept
    /// in memory (a file named twice is looked at again once). `progress` hears after each file
    /// of each pass, with the assembler as it then is, and `pageRead` after each page (for a progress
    /// bar). Returns how many files the first pass read.
    public mutating func addCodes<File: Hashable & Sendable>(
        onPagesOf files: [File], reading pages: (File) throws -> [GrayImage], progress: (FileReading<File>, VaultAssembler) -> Void,
        pageRead: (VaultAssembler) -> Void = { _ in }
    ) throws -> Int {
        try addCodes(onPagesOf: files, reading: pages, decodingError: { $0 }, progress: progress, pageRead: pageRead)
    }

    private mutating func addCodes<File: Hashable & Sendable, Failure: Error>(
        onPagesOf files: [File], reading pages: (File) throws(Failure) -> [GrayImage],
        decodingError: (QRDecodingError) -> Failure, progress: (FileReading<File>, VaultAssembler) -> Void,
        pageRead: (VaultAssembler) -> Void = { _ in }
    ) throws(Failure) -> Int {
        func add(_ page: GrayImage, thorough: Bool) throws(Failure) -> PageReading {
            let reading: PageReading
            do { reading = try addCodes(on: page, thorough: thorough) } catch { throw decodingError(error) }
            pageRead(self)
            return reading
        }
        var read = 0
        var lookAgain: [File: Set<Int>] = [:]
        for file in files where !isComplete {
            read += 1
            var added = 0
            for (index, page) in try pages(file).enumerated() where !isComplete {
                let reading = try add(page, thorough: false)
                added += reading.added
                if mayHoldMore(reading) { lookAgain[file, default: []].insert(index) }
            }
            progress(FileReading(file: file, added: added, secondLook: false), self)
        }
        // By file, in the order given.
        for file in files where !isComplete {
            guard let indices = lookAgain.removeValue(forKey: file) else { continue }
            let filePages = try pages(file)
            var added = 0
            for index in indices.sorted() where !isComplete {
                added += try add(filePages[index], thorough: true).added
            }
            progress(FileReading(file: file, added: added, secondLook: true), self)
        }
        return read
    }
}
