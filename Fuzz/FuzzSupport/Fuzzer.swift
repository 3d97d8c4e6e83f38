import Foundation

/// Runs libFuzzer's driver with `body` as the target. SwiftPM links executables with `main`
/// pointing at the module's own entry point, so libFuzzer's `main` is never used: each
/// target's main.swift calls this instead (libFuzzer's `LLVMFuzzerRunDriver`).
public func runFuzzer(_ body: @escaping ([UInt8]) -> Void) -> Never {
    target = body
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        target?(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    })
}

nonisolated(unsafe) private var target: (([UInt8]) -> Void)?

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Reads structured values off the front of a fuzzer input, as LLVM's FuzzedDataProvider
/// does: every read succeeds, giving zeros once the input runs out.
public struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    public init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    public var isEmpty: Bool { bytes.isEmpty }

    public mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    public mutating func uint16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    public mutating func uint32() -> UInt32 { UInt32(uint16()) << 16 | UInt32(uint16()) }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Up to `count` bytes.
    public mutating func take(_ count: Int) -> [UInt8] {
        let taken = bytes.prefix(count)
        bytes = bytes.dropFirst(count)
        return Array(taken)
    }

    /// A length byte, then that many bytes.
    public mutating func chunk() -> [UInt8] { take(Int(byte())) }

    /// A chunk of 16-bit length.
    public mutating func longChunk() -> [UInt8] { take(Int(uint16())) }

    public mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }

    /// A string from a chunk, invalid UTF-8 repaired as `String(decoding:)` does.
    public mutating func string() -> String { String(decoding: chunk(), as: UTF8.self) }
}

/// Stops the run with a report libFuzzer records as a crash (and saves the input).
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError(message(), file: file, line: line) }
}
