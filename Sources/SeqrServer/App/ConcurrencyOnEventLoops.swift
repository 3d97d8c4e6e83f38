import CSwiftConcurrencyHook
import NIOCore
import NIOPosix

/// Runs Swift concurrency's jobs on NIO's event loops (`MultiThreadedEventLoopGroup.singleton`, the
/// group Hummingbird and postgres-nio use) instead of the global dispatch pool. Without it every
/// request crosses threads at each await: its handler runs on a pool thread, its query's rows
/// arrive on a loop and resume it on a pool thread again, and its response goes back to a loop —
/// each crossing a wake-up of a sleeping thread. A job enqueued from a loop stays on that loop.
/// seqr-server installs it on PostgreSQL, whose batched reads are answered on the loops (note reads
/// 0.36× → 0.46× hello-world), and not on SQLite, whose hot read runs on the caller's thread and which
/// read faster on the global pool (docs/benchmarks.md, "Reads in batches"); `--[no-]event-loop-executor`
/// overrides either.
///
/// NIO's own installer (`NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor`)
/// finds the runtime's hook with dlsym, which sees nothing in a binary built with
/// `--static-swift-stdlib`, as seqr-server ships: CSwiftConcurrencyHook links the hook by name instead.
///
/// Once installed, no async code may block: a blocked loop stalls every connection on it. Argon2id
/// runs on NIOThreadPool (``AuthKeyHasher``), GRDB's writes on GRDB's own queue; what stays on the
/// loops is short (SQLite's single-row read, a log line).
public enum ConcurrencyOnEventLoops {
    /// The runtime's hook type: a job, and the default enqueue (not used: every job goes to a loop).
    private typealias EnqueueGlobalHook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// The generic executor, as the runtime's own global executor runs its jobs on (`SerialExecutorRef::generic()`:
    /// no identity, no implementation). Not the loop's serial executor (`EventLoop.enqueue`): a job run
    /// as the loop's would make every later call into nonisolated async code switch executors, one
    /// enqueue and one loop task each — callgrind counted about 125 of them per note read.
    private static let generic = unsafeBitCast((UInt(0), UInt(0)), to: UnownedSerialExecutor.self)

    /// Installs the hook; false when another hook was there first. Call once, before the server starts.
    @discardableResult
    public static func install() -> Bool {
        withUnsafeTemporaryAllocation(of: EnqueueGlobalHook.self, capacity: 1) { hook -> Bool in
            hook.baseAddress!.initialize(to: { job, _ in ConcurrencyOnEventLoops.enqueue(job) })
            return hook.baseAddress!.withMemoryRebound(to: UnsafeRawPointer.self, capacity: 1) { pointer in
                seqr_install_enqueue_global_hook(pointer.pointee)
            }
        }
    }

    /// On the loop the job was enqueued from when that is one of the group's, else on the next one.
    private static func enqueue(_ job: UnownedJob) {
        MultiThreadedEventLoopGroup.singleton.any().execute { job.runSynchronously(on: generic) }
    }

    /// Whether a global-enqueue hook is installed (this one, or another's).
    public static var isInstalled: Bool { seqr_enqueue_global_hook_is_set() }
}
