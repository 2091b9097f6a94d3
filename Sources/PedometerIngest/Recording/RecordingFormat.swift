/// The export formats ingestion understands.
public enum RecordingFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// SensorLog (iOS): one wide CSV with unit-suffixed column names.
    case sensorLog = "sensorlog"
    /// Sensor Logger (Android/iOS): a folder or zip with one CSV per sensor.
    case sensorLogger = "sensor-logger"
    /// phyphox: quoted headers such as `"Time (s)","Acceleration x (m/s^2)"`.
    case phyphox
    /// Oxford step-counter data: a folder with accelerometer.csv + stepcounter.csv, or the app's single-file log.
    case oxford
    /// Any CSV with a time column and x/y/z acceleration, with or without a header.
    case generic
    /// Step counts without acceleration: a cumulative series or one row per step.
    case steps
    /// Xsens inertial sensors' export: a preamble with the rate, `PacketCounter`, `Acc_X/Y/Z`.
    case xsens
    /// A time column and the magnitude of acceleration only (watches that log no axes).
    case magnitude
    /// ActiGraph's raw CSV: a 10-line header block with the rate and start, then
    /// `Accelerometer X,Y,Z` in g.
    case actigraph
    /// Empatica E4's `ACC.csv`: the start and the rate in two rows, then x, y, z in 1/64 g.
    case empatica
    /// Garmin FIT files converted to CSV by FitCSVTool: `accelerometer_data` messages, their
    /// samples in `|`-joined arrays.
    case fitCSV = "fit-csv"
}
