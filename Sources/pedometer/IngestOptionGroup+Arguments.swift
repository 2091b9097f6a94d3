import PedometerIngest

extension IngestOptionGroup {
    /// The command-line arguments that give these options, in a fixed order (empty when every
    /// option has its default): what `pedometer check --record` stores in an expected file so
    /// that the recording is read the same way next time.
    var arguments: [String] {
        var result: [String] = []
        if let inputFormat { result += ["--input-format", inputFormat.rawValue] }
        if let columns { result += ["--columns", columns] }
        if let timeUnit { result += ["--time-unit", timeUnit.rawValue] }
        if let accelerationUnit { result += ["--accel-unit", accelerationUnit.rawValue] }
        if let sampleRate { result += ["--rate", sampleRate == sampleRate.rounded() ? String(Int(sampleRate)) : String(sampleRate)] }
        if let delimiter { result += ["--delimiter", delimiter] }
        if let decimal { result += ["--decimal", decimal.rawValue] }
        if let timeZone { result += ["--time-zone", timeZone] }
        if zipMaxRatio != ZipLimits.standard.maxRatio { result += ["--zip-max-ratio", zipMaxRatio == zipMaxRatio.rounded() ? String(Int(zipMaxRatio)) : String(zipMaxRatio)] }
        if zipMaxEntries != ZipLimits.standard.maxEntries { result += ["--zip-max-entries", String(zipMaxEntries)] }
        if strict { result.append("--strict") }
        return result
    }
}
