import NIOCore

/// Runs a task's jobs on one event loop, as seqr-server runs every job once ConcurrencyOnEventLoops
/// is installed (which the tests cannot do: it is process-wide).
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
