// The fuzz target: arbitrary bytes through format detection, every reader, and the step
// engine. Built with `tools/fuzz` (libFuzzer + AddressSanitizer); a plain build replays the
// files named on its command line (see CFuzzerDriver).
import CFuzzerDriver
import Foundation
import PedometerCore
import PedometerIngest

/// Where each input is written: readers take paths, as users give them. An input starting as a
/// gzip file does (0x1F 0x8B) is named `.csv.gz`, to be read as one.
let scratchPlainPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("pedometer-fuzz-\(ProcessInfo.processInfo.processIdentifier).csv").path
let scratchGzipPath = scratchPlainPath + ".gz"
nonisolated(unsafe) var scratchPath = scratchPlainPath

/// The input's length picks how it is read: detected, or forced into each reader in turn.
let formats: [RecordingFormat?] = [nil] + RecordingFormat.allCases.map { Optional($0) }

/// Replaces the scratch file's contents (no fsync: each input lives a few milliseconds).
func writeScratchFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Bool {
    scratchPath = size >= 2 && data?[0] == 0x1F && data?[1] == 0x8B ? scratchGzipPath : scratchPlainPath
    let descriptor = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var written = 0
    while written < size, let data {
        let count = write(descriptor, data + written, size - written)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        written += count
    }
    return true
}

/// Every sample a reader hands over, in order.
struct SampleLog: SampleSink, Equatable {
    var events: [String] = []
    var acceleration: [AccelerationSample] = []
    var magnitudes: [AccelerationMagnitudeSample] = []

    mutating func beginAcceleration(kind: AccelerationKind) { events.append("acceleration \(kind)") }
    mutating func accept(_ sample: AccelerationSample) { acceleration.append(sample) }
    mutating func accept(_ sample: AccelerationMagnitudeSample) { magnitudes.append(sample) }
    mutating func beginStepCounts(kind: StepReferenceKind) { events.append("steps \(kind)") }
    mutating func accept(_ sample: StepCountSample, kind: StepReferenceKind) { events.append("\(kind) \(sample)") }
    mutating func accept(_ sample: LocationSample) { events.append("\(sample)") }
    mutating func accept(_ sample: PressureSample) { events.append("\(sample)") }
}

/// What reading `scratchPath` gives: the samples and what was found, or the error.
func readScratchFile(_ options: IngestOptions) -> (SampleLog, RecordingInfo?, String?) {
    var log = SampleLog()
    do {
        let info = try RecordingReader.read(scratchPath, options: options, into: &log)
        return (log, info, nil)
    } catch {
        return (log, nil, "\(error)")
    }
}

func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard writeScratchFile(data, size) else { return 0 }
    var options = IngestOptions(format: formats[size % formats.count])
    if size % 3 == 0 { options.columns = .positional([.time, .skip, .x, .y, .z]) }
    // Read in stretches of a few bytes on one or two threads, a file must give exactly what
    // one reader gives (an error's samples before it may differ: they are discarded).
    var stretches = options
    stretches.stretchBytes = 1 + size % 61
    stretches.threads = 1 + size % 2
    let (wholeLog, wholeInfo, wholeError) = readScratchFile(options)
    let (stretchLog, stretchInfo, stretchError) = readScratchFile(stretches)
    precondition(wholeError == stretchError, "stretches fail differently: \(stretchError ?? "no error") instead of \(wholeError ?? "no error")")
    precondition(wholeError != nil || (wholeLog == stretchLog && wholeInfo == stretchInfo), "stretches read differently")
    // An hour of per-second bins and step times at most: a mutated timestamp must not make
    // each run build a month or a year of them (the engine's own limits are tested elsewhere).
    var pedometer = Pedometer(configuration: PedometerConfiguration(maximumDuration: 3600, maximumStepLogDuration: 3600))
    do {
        _ = try RecordingReader.read(scratchPath, options: options, into: &pedometer)
    } catch {
        _ = "\(error)"  // the message must be printable
    }
    pedometer.finish()
    let data = pedometer.snapshot()
    precondition(data.numberOfSteps == pedometer.steps.count, "snapshot disagrees with the step list")
    precondition(data.distance.map { $0.isFinite && $0 >= 0 } ?? true, "distance not finite")
    _ = pedometer.intervals
    _ = pedometer.query(from: data.endDate / 3, to: data.endDate / 2)
    return 0
}

var arguments = CommandLine.argc
var argumentValues = CommandLine.unsafeArgv
let status = withUnsafeMutablePointer(to: &arguments) { count in
    withUnsafeMutablePointer(to: &argumentValues) { values in
        values.withMemoryRebound(to: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?.self, capacity: 1) { rebound in
            fuzz_driver_run(count, rebound, { fuzzOne($0, $1) })
        }
    }
}
try? FileManager.default.removeItem(atPath: scratchPlainPath)
try? FileManager.default.removeItem(atPath: scratchGzipPath)
exit(status)
