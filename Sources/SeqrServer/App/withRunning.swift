import ServiceLifecycle

/// Runs `body` while `services` (e.g. the PostgreSQL pool) run, then stops them — for
/// one-shot commands such as `seqr-server admin`.
public func withRunning<T: Sendable>(_ services: [any Service], _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        for service in services { group.addTask { try await service.run(); return nil } }
        let result = try await body()
        group.cancelAll()
        return result
    }
}
