import Foundation

/// Pages read from files on one thread and decoded on the others, handed back in the order they
/// were read.
///
/// A PDF's pages are drawn one after the other (poppler, in a child process); decoding a page takes
/// about as long. So one thread reads — draws a PDF page, or inflates an image file — while the
/// others decode the pages already read, and the caller adds each page's codes as soon as the pages
/// before it are added: progress shows page by page, and at most `width + 2` pages are in memory
/// however long the PDF (collecting a 51-page PDF before decoding it took 400 MB).
final class PageDecodingPipeline: @unchecked Sendable {
    /// What the caller takes, in reading order.
    enum Event {
        /// Page `page` (from 0, counting every page of the file) of request `request`, decoded.
        case page(request: Int, page: Int, Result<[DecodedSymbol], QRDecodingError>)
        /// Request `request` was read to its end (or its reading failed, or the pipeline stopped).
        case requestEnd(request: Int, failure: (any Error)?)
        /// Nothing more will come.
        case finished
    }

    /// Thrown into a reader when the caller stopped: no further page is drawn.
    private struct Stopped: Error {}

    private let condition = NSCondition()
    private var events: [Int: Event] = [:]
    private var posted = 0, taken = 0
    private var stopped = false
    /// Pages read but not yet taken: the reader waits for one before reading on.
    private let inFlight: DispatchSemaphore

    /// Starts reading at once. `read` is called for each request in turn on the reading thread and
    /// hands each page of it to its second argument (which throws once the pipeline is stopped);
    /// `pages` of a request says which of its pages to decode (nil: all). The caller takes every
    /// event with ``next()`` until ``Event/finished``, also after ``stop()``.
    init<Request: Sendable>(_ requests: [Request], width: Int, pages: @escaping @Sendable (Request) -> Set<Int>?,
                            read: @escaping @Sendable (Request, (GrayImage) throws -> Void) throws -> Void,
                            decode: @escaping @Sendable (GrayImage) throws(QRDecodingError) -> [DecodedSymbol]) {
        inFlight = DispatchSemaphore(value: max(1, width))
        DispatchQueue.global().async { [self] in
            for (index, request) in requests.enumerated() where !isStopped {
                let wanted = pages(request)
                var page = 0
                var failure: (any Error)?
                do {
                    try read(request) { image in
                        defer { page += 1 }
                        guard !isStopped else { throw Stopped() }
                        guard wanted?.contains(page) ?? true else { return }
                        inFlight.wait()
                        guard !isStopped else {
                            inFlight.signal()
                            throw Stopped()
                        }
                        let sequence = reserve(), number = page
                        DispatchQueue.global().async { [self] in
                            let result = Result { () throws(QRDecodingError) in try decode(image) }
                            post(.page(request: index, page: number, result), at: sequence)
                        }
                    }
                } catch is Stopped {
                } catch {
                    failure = error
                }
                post(.requestEnd(request: index, failure: failure), at: reserve())
            }
            post(.finished, at: reserve())
        }
    }

    /// The next event in reading order, waiting for it.
    func next() -> Event {
        condition.lock()
        defer { condition.unlock() }
        while events[taken] == nil { condition.wait() }
        let event = events.removeValue(forKey: taken)!
        taken += 1
        if case .page = event { inFlight.signal() }
        return event
    }

    /// No further page is read; pages already read are still decoded and handed back.
    func stop() {
        condition.lock()
        stopped = true
        condition.unlock()
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    private func reserve() -> Int {
        condition.lock()
        defer { condition.unlock() }
        posted += 1
        return posted - 1
    }

    private func post(_ event: Event, at sequence: Int) {
        condition.lock()
        events[sequence] = event
        condition.broadcast()
        condition.unlock()
    }
}
