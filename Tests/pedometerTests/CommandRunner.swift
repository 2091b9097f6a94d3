import Foundation

/// Runs the built `pedometer` binary (or another of the package's executables), as a user would.
struct CommandRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `pedometer` executable next to the test bundle in the build folder.
    static var executable: URL { executable(named: "pedometer") }

    /// One of the package's executables, next to the test bundle in the build folder.
    static func executable(named name: String) -> URL {
        if name.hasPrefix("/") { return URL(fileURLWithPath: name) }  // a system program (/bin/sh)
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("\(name) executable not found near \(testBinary.path)")
    }

    /// The package's root folder (for Fixtures/).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `program` with `arguments`, `stdin` and, added to this process's, `environment`, in
    /// `folder` (this process's current folder when `nil`); its standard output goes to the
    /// file `stdoutFile` when given (`/dev/full`), and ``Output/stdout`` is then empty; its
    /// standard error likewise to `stderrFile`. A run still going after `timeout` seconds is
    /// terminated (its status then SIGTERM's).
    static func run(
        _ arguments: [String], stdin: String? = nil, program: String = "pedometer", environment: [String: String] = [:],
        in folder: URL? = nil, stdoutFile: String? = nil, stderrFile: String? = nil, timeout: Double? = nil
    ) throws -> Output {
        try run(
            executable: executable(named: program), arguments, stdin: stdin, environment: environment, in: folder,
            stdoutFile: stdoutFile, stderrFile: stderrFile, timeout: timeout)
    }

    /// Where `chmod 000` binds: `setpriv`, to run as `nobody` when this process is root (whom
    /// permissions do not stop); `nil` when not root, and runs need no such help.
    static let unprivilegedLauncher: [String]? = {
        guard geteuid() == 0 else { return nil }
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        return setpriv.map { [$0, "--reuid=nobody", "--regid=nogroup", "--clear-groups"] }
    }()

    /// Whether a run can be made that permissions bind (``runUnprivileged(_:)``): not root, or
    /// root with `setpriv` to run as `nobody`.
    static var canRunUnprivileged: Bool { geteuid() != 0 || unprivilegedLauncher != nil }

    /// Runs `pedometer` as a user whom file permissions bind: this one when not root, else
    /// `nobody` (``unprivilegedLauncher``; the files it reads must be readable by others).
    static func runUnprivileged(_ arguments: [String], in folder: URL? = nil) throws -> Output {
        guard let launcher = unprivilegedLauncher else { return try run(arguments, in: folder) }
        return try run(executable: URL(fileURLWithPath: launcher[0]), Array(launcher.dropFirst()) + [executable.path] + arguments, in: folder)
    }

    private static func run(
        executable: URL, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
        in folder: URL? = nil, stdoutFile: String? = nil, stderrFile: String? = nil, timeout: Double? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe()
        let err = Pipe()
        if let stdoutFile {
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutFile))
            try out.fileHandleForWriting.close()
        } else {
            process.standardOutput = out
        }
        if let stderrFile {
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
            try err.fileHandleForWriting.close()
        } else {
            process.standardError = err
        }
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning { process.terminate() }
            }
        }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes fully before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// The path of `path` under the package's Fixtures/ folder, for the commands the tests run.
func fixture(_ path: String) -> String {
    CommandRunner.packageRoot.appendingPathComponent("Fixtures/" + path).path
}
