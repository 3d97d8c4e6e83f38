import CCairo

/// The processor time a process spends drawing untrusted documents (PDF pages, SVG pictures), in
/// all: each document is drawn in a child process under one limit for the whole document
/// (``PDFPages/defaultDocumentTimeLimit``, ``SVGPicture/defaultTimeLimit``), and every child of one
/// run draws from one budget, so that a command given many costly files pays for them once, not per file.
///
/// Unbounded until ``limitRun(toSeconds:)`` is called (the library's default); `seqr` calls it once per run.
public enum DrawingTimeBudget {
    /// Processor seconds one run of `seqr` (a `decode` or `scan` of any number of files) spends drawing.
    public static let defaultRunLimit = 120

    /// From now on, the children of this process draw for at most `seconds` in all (0: no bound).
    public static func limitRun(toSeconds seconds: Int) {
        seqr_child_drawing_limit_run(Int32(clamping: max(0, seconds)))
    }

    /// The seconds a drawing that wants `seconds` gets: those, or what is left of the run's budget when
    /// less (0 when it is spent: the drawing is refused before it starts).
    public static func seconds(for seconds: Int) -> Int {
        Int(seqr_child_drawing_seconds_for(Int32(clamping: max(0, seconds))))
    }

    /// Processor seconds the children spent drawing since the run's budget was set.
    public static var secondsSpent: Double { seqr_child_drawing_seconds_spent() }
}
