import Testing
@testable import PedometerIngest

/// Columns found by their names: the time column and the acceleration triplet, gravity-including
/// preferred, another sensor's triplet never.
@Suite struct HeaderRolesTests {
    /// The names of the chosen time, x, y and z columns of `header`.
    private func chosen(_ header: [String]) -> [String]? {
        HeaderRoles.find(ColumnNames(header)).map { [header[$0.time], header[$0.x], header[$0.y], header[$0.z]] }
    }

    @Test(arguments: [
        (["time", "o_alpha", "o_beta", "o_gamma", "m_acc_x", "m_acc_y", "m_acc_z", "m_accG_x", "m_accG_y", "m_accG_z",
          "m_rotTate_alpha", "m_rotTate_beta", "m_rotTate_gamma", "steps"],
         ["time", "m_accG_x", "m_accG_y", "m_accG_z"]),
        (["time", "m_rotTate_alpha", "m_rotTate_beta", "m_rotTate_gamma", "m_accG_x", "m_accG_y", "m_accG_z", "m_acc_x", "m_acc_y", "m_acc_z"],
         ["time", "m_accG_x", "m_accG_y", "m_accG_z"]),
        (["timestamp", "gyroX", "gyroY", "gyroZ", "accX", "accY", "accZ", "magX", "magY", "magZ"],
         ["timestamp", "accX", "accY", "accZ"]),
        (["seconds_elapsed", "userAccelerationX", "userAccelerationY", "userAccelerationZ", "accelerationIncludingGravity.x",
          "accelerationIncludingGravity.y", "accelerationIncludingGravity.z"],
         ["seconds_elapsed", "accelerationIncludingGravity.x", "accelerationIncludingGravity.y", "accelerationIncludingGravity.z"]),
        (["Time (s)", "Linear Acceleration x (m/s^2)", "Linear Acceleration y (m/s^2)", "Linear Acceleration z (m/s^2)"],
         ["Time (s)", "Linear Acceleration x (m/s^2)", "Linear Acceleration y (m/s^2)", "Linear Acceleration z (m/s^2)"]),
        (["time", "gFx", "gFy", "gFz", "TgF"], ["time", "gFx", "gFy", "gFz"]),
        (["time", "wx", "wy", "wz", "ax", "ay", "az", "Bx", "By", "Bz"], ["time", "ax", "ay", "az"]),
        (["loggingTime", "Accelerometer X", "Accelerometer Y", "Accelerometer Z"],
         ["loggingTime", "Accelerometer X", "Accelerometer Y", "Accelerometer Z"]),
        (["time", "x", "y", "z"], ["time", "x", "y", "z"]),
        // Science Journal's and RealWorld HAR's time columns, named as such (until 2026-11-26
        // refused as having no time column).
        (["relative_time", "AccX", "AccY", "AccZ"], ["relative_time", "AccX", "AccY", "AccZ"]),
        (["id", "attr_time", "attr_x", "attr_y", "attr_z"], ["attr_time", "attr_x", "attr_y", "attr_z"]),
        // HHAR's sensor clock, not the phone's arrival time; other clocks named so.
        (["Index", "Arrival_Time", "Creation_Time", "x", "y", "z", "User", "Model", "Device", "gt"], ["Creation_Time", "x", "y", "z"]),
        (["epoch_time", "acc_x", "acc_y", "acc_z"], ["epoch_time", "acc_x", "acc_y", "acc_z"]),
    ] as [([String], [String])])
    func findsTheAccelerationTriplet(_ header: [String], _ expected: [String]) {
        #expect(chosen(header) == expected)
    }

    /// A time behind a data set's label (Vernier's, Logger Pro's), and phyphox's time in the
    /// phone's language with its unit (`Temps (s)`, `Tempo (s)` …); alone, `temps` or `tempo`
    /// is no time (a temperature, a cadence), and a colon in a unit labels nothing. Until
    /// 2026-11-27 all of the first seven were refused as having no time column.
    @Test(arguments: [
        (["Data Set 1:Time(s)", "Data Set 1:X-axis acceleration(m/s²)", "Data Set 1:Y-axis acceleration(m/s²)", "Data Set 1:Z-axis acceleration(m/s²)"],
         "Data Set 1:Time(s)" as String?),
        (["Latest: Time (s)", "Latest: X-axis acceleration (m/s²)", "Latest: Y-axis acceleration (m/s²)", "Latest: Z-axis acceleration (m/s²)"],
         "Latest: Time (s)"),
        (["Run 1: Time (s)", "Run 1: Acceleration x (m/s²)", "Run 1: Acceleration y (m/s²)", "Run 1: Acceleration z (m/s²)"], "Run 1: Time (s)"),
        (["Temps (s)", "Accélération x (m/s^2)", "Accélération y (m/s^2)", "Accélération z (m/s^2)"], "Temps (s)"),
        (["Tempo (s)", "Accelerazione x (m/s^2)", "Accelerazione y (m/s^2)", "Accelerazione z (m/s^2)"], "Tempo (s)"),
        (["Aika (s)", "Kiihtyvyys x (m/s^2)", "Kiihtyvyys y (m/s^2)", "Kiihtyvyys z (m/s^2)"], "Aika (s)"),
        (["Čas (s)", "Zrychlení x (m/s^2)", "Zrychlení y (m/s^2)", "Zrychlení z (m/s^2)"], "Čas (s)"),
        (["tempo", "x", "y", "z"], nil),
        (["temps (°C)", "x", "y", "z"], nil),
        (["clock (hh:mm:ss)", "x", "y", "z"], "clock (hh:mm:ss)"),
        // A unit or a letter after a colon is no time, and a labelled time comes after a clock
        // named plainly (the review: `dt:ms` outranked `timestamp_ms`, and the file was refused).
        (["timestamp_ms", "dt:ms", "x", "y", "z"], "timestamp_ms"),
        (["Time since start in ms", "delay:us", "x", "y", "z"], "Time since start in ms"),
        (["timestamp_unix_ms", "GPS: time", "x", "y", "z"], "timestamp_unix_ms"),
    ] as [([String], String?)])
    func timeBehindALabelOrInAnotherLanguage(_ header: [String], _ time: String?) {
        #expect(HeaderRoles.timeColumn(ColumnNames(header)).map { header[$0] } == time)
    }

    /// Names holding the axis as a word before others: the mHealth specification's
    /// (`X_IN_G`, `X_ACCELERATION_METERS_PER_SECOND_SQUARED`), Shimmer's (`Accel_LN_X_CAL`
    /// beside `Gyro_X_CAL`), `acc_x_g`, `ax_g`. Until 2026-11-25 no triplet was found in them.
    @Test(arguments: [
        (["HEADER_TIME_STAMP", "X_IN_G", "Y_IN_G", "Z_IN_G"], ["HEADER_TIME_STAMP", "X_IN_G", "Y_IN_G", "Z_IN_G"], AccelerationUnit.g),
        (["HEADER_TIME_STAMP", "X_ACCELERATION_METERS_PER_SECOND_SQUARED", "Y_ACCELERATION_METERS_PER_SECOND_SQUARED",
          "Z_ACCELERATION_METERS_PER_SECOND_SQUARED"],
         ["HEADER_TIME_STAMP", "X_ACCELERATION_METERS_PER_SECOND_SQUARED", "Y_ACCELERATION_METERS_PER_SECOND_SQUARED",
          "Z_ACCELERATION_METERS_PER_SECOND_SQUARED"], .metersPerSecondSquared),
        (["Shimmer_8A3D_Timestamp_Unix_CAL", "Shimmer_8A3D_Gyro_X_CAL", "Shimmer_8A3D_Gyro_Y_CAL", "Shimmer_8A3D_Gyro_Z_CAL",
          "Shimmer_8A3D_Accel_LN_X_CAL", "Shimmer_8A3D_Accel_LN_Y_CAL", "Shimmer_8A3D_Accel_LN_Z_CAL"],
         ["Shimmer_8A3D_Timestamp_Unix_CAL", "Shimmer_8A3D_Accel_LN_X_CAL", "Shimmer_8A3D_Accel_LN_Y_CAL", "Shimmer_8A3D_Accel_LN_Z_CAL"], nil),
        (["time", "acc_x_g", "acc_y_g", "acc_z_g"], ["time", "acc_x_g", "acc_y_g", "acc_z_g"], .g),
        (["time", "ACC_X_mg", "ACC_Y_mg", "ACC_Z_mg"], ["time", "ACC_X_mg", "ACC_Y_mg", "ACC_Z_mg"], .milliG),
        // The axis ending the word before the unit (an ESP32 sketch's; until 2026-11-26 no triplet).
        (["timestamp_us", "ax_g", "ay_g", "az_g"], ["timestamp_us", "ax_g", "ay_g", "az_g"], .g),
        (["t", "gx_dps", "gy_dps", "gz_dps", "accX_mg", "accY_mg", "accZ_mg"], ["t", "accX_mg", "accY_mg", "accZ_mg"], .milliG),
    ] as [([String], [String], AccelerationUnit?)])
    func axisAsAWordInsideTheName(_ header: [String], _ expected: [String], _ unit: AccelerationUnit?) {
        #expect(chosen(header) == expected)
        #expect(HeaderRoles.find(ColumnNames(header))?.accelerationUnit == unit)
    }

    @Test func otherSensorsAloneAreNoAcceleration() {
        #expect(chosen(["time", "Gyro_X_CAL", "Gyro_Y_CAL", "Gyro_Z_CAL"]) == nil)
        #expect(chosen(["time", "x_y_ratio", "y_z_ratio", "z_x_ratio"]) == nil)  // two axis words: none
        #expect(chosen(["time", "gyr_x", "gyr_y", "gyr_z"]) == nil)
        #expect(chosen(["time", "mag_x", "mag_y", "mag_z", "rotationRateX", "rotationRateY", "rotationRateZ"]) == nil)
        #expect(chosen(["time", "orientation_x", "orientation_y", "orientation_z"]) == nil)
        #expect(chosen(["accX", "accY", "accZ"]) == nil)  // no time column
        // A name ending in "time" is no clock of the samples (a process's CPU time): no time
        // column, as without it (review QA: read as one, 500 Hz and 0 steps).
        #expect(chosen(["acc_x", "acc_y", "acc_z", "cpu_time"]) == nil)
    }

    /// Axes whose unit says another quantity (Polar's gyroscope `X [dps]`, MetaWear's
    /// `x-axis (deg/s)` and magnetometer `x-axis (T)`, Sensor Logger's µT, angles) or beside a
    /// quaternion's `w` are another sensor's, whatever their names; beside acceleration, the
    /// acceleration is chosen (until 2026-11-27 a gyroscope in dps was read as acceleration in
    /// an unknown unit: a walk of 71 steps).
    @Test func aUnitOrAFourthAxisSaysAnotherSensor() throws {
        for header in [
            ["sensor timestamp [ns]", "X [dps]", "Y [dps]", "Z [dps]"], ["elapsed (s)", "x-axis (deg/s)", "y-axis (deg/s)", "z-axis (deg/s)"],
            ["t", "x (rad/s)", "y (rad/s)", "z (rad/s)"], ["t", "x (°/s)", "y (°/s)", "z (°/s)"], ["t", "x_dps", "y_dps", "z_dps"],
            ["elapsed (s)", "x-axis (T)", "y-axis (T)", "z-axis (T)"], ["t", "x (µT)", "y (µT)", "z (µT)"], ["t", "X [uT]", "Y [uT]", "Z [uT]"],
            ["t", "x (gauss)", "y (gauss)", "z (gauss)"], ["t", "x (deg)", "y (deg)", "z (deg)"],
            ["elapsed (s)", "w (number)", "x (number)", "y (number)", "z (number)"],
        ] {
            #expect(chosen(header) == nil, "\(header)")
            let names = ColumnNames(header)
            #expect(HeaderRoles.triplets(names).allSatisfy { $0.meaning.rank < 0 }, "\(header)")
        }
        #expect(chosen(["t", "gyro x (dps)", "gyro y (dps)", "gyro z (dps)", "x (g)", "y (g)", "z (g)"]) == ["t", "x (g)", "y (g)", "z (g)"])
        #expect(chosen(["t", "X [mg]", "Y [mg]", "Z [mg]"]) == ["t", "X [mg]", "Y [mg]", "Z [mg]"])
        // A `w` of no unit, or beside named axes, is no quaternion's (a weight; `acc_w`); nor is
        // an angular acceleration a gyroscope's (the review of 33766e9).
        #expect(chosen(["Time", "X", "Y", "Z", "W"]) == ["Time", "X", "Y", "Z"])
        #expect(chosen(["time", "acc_x", "acc_y", "acc_z", "acc_w"]) == ["time", "acc_x", "acc_y", "acc_z"])
        #expect(HeaderRoles.otherQuantity(ofUnit: "rad/s^2") == nil)
        #expect(HeaderRoles.otherQuantity(ofUnit: "m/s^2") == nil && HeaderRoles.otherQuantity(ofUnit: "g") == nil)
    }

    /// A file's name may say which sensor's axes named by their letters alone are (their rows
    /// decide: ``GenericReader``): HHAR's, RealWorld's, MATLAB Mobile's, Polar's and MetaWear's
    /// other sensors; not a name that also says acceleration, nor a magnitude's, nor gravity
    /// (`acc_no_gravity.csv` is acceleration: the review of 33766e9).
    @Test func aFileNameMaySayAnotherSensor() {
        let cases: [(String, String?)] = [
            ("Phones_gyroscope.csv", "a gyroscope"), ("Gyroscope_walking_chest.csv", "a gyroscope"), ("GyroscopeUncalibrated.csv", "a gyroscope"),
            ("AngularVelocity.csv", "a gyroscope"), ("RotationRate.csv", "a gyroscope"), ("gyr.csv", "a gyroscope"),
            ("Polar_Sense_B5C2E02A_20240513_113320_MAGN.txt", "a magnetometer"), ("Magnetometer.csv", "a magnetometer"), ("compass.csv", "a magnetometer"),
            ("MetaWear_2024-05-13T04.33.20.123_C8E2A3B1F0D4_Quaternion_1.7.3.csv", "orientation"), ("orientation_test_walk.csv", "orientation"),
            ("Phones_accelerometer.csv", nil), ("imu_accel_gyro.csv", nil), ("MPU6050_accel_gyro_log.csv", nil), ("linear_orientation.csv", nil),
            ("acc_no_gravity.csv", nil), ("MetaWear_2024_Gravity_1.7.3.csv", nil), ("magnitude-g.csv", nil),
            ("Polar_Sense_B5C2E02A_20240513_113320_ACC.txt", nil), ("TotalAcceleration.csv", nil), ("walk.csv", nil), ("imagine.csv", nil),
        ]
        for (name, sensor) in cases { #expect(HeaderRoles.otherSensor(inFileName: name) == sensor, "\(name)") }
    }

    @Test func unitsAndKindFromTheNames() throws {
        // Polar Sensor Logger: milli-g in brackets; the sensor's own clock, not the phone's
        // (the first time column, the moment a batch was delivered).
        let polar = try #require(HeaderRoles.find(ColumnNames(["Phone timestamp", "sensor timestamp [ns]", "X [mg]", "Y [mg]", "Z [mg]"])))
        #expect(polar.accelerationUnit == .milliG && polar.x == 2)
        #expect(polar.time == 1 && polar.timeUnit == .nanoseconds)
        // MbientLab MetaWear: Unix milliseconds spelt `epoc`, before a date-time whose
        // seconds are written with dots (`2017-06-13T15.33.58.085`, until 2026-11-27 chosen and
        // refused as no number).
        let metaWear = try #require(HeaderRoles.find(ColumnNames(["epoc (ms)", "timestamp (-0700)", "elapsed (s)", "x-axis (g)", "y-axis (g)", "z-axis (g)"])))
        #expect(metaWear.time == 0 && metaWear.timeUnit == .milliseconds && metaWear.accelerationUnit == .g && metaWear.x == 3)
        let g = try #require(HeaderRoles.find(ColumnNames(["time_ms", "gFx", "gFy", "gFz"])))
        #expect(g.accelerationUnit == .g && g.timeUnit == .milliseconds && g.kind == .total)
        let linear = try #require(HeaderRoles.find(ColumnNames(["timestamp (ns)", "linear_acc_x", "linear_acc_y", "linear_acc_z"])))
        #expect(linear.kind == .user && linear.timeUnit == .nanoseconds)
        // AndroSensor: the unit in words after `in` (until 2026-11-26 inferred: 2 Hz read as µs).
        let androSensor = try #require(HeaderRoles.find(ColumnNames(["ACCELEROMETER X (m/s²)", "ACCELEROMETER Y (m/s²)", "ACCELEROMETER Z (m/s²)", "Time since start in ms "])))
        #expect(androSensor.time == 3 && androSensor.timeUnit == .milliseconds && androSensor.kind == .total)
        let stated = try #require(HeaderRoles.find(ColumnNames(["t", "ax (m/s^2)", "ay (m/s^2)", "az (m/s^2)"])))
        #expect(stated.accelerationUnit == .metersPerSecondSquared && stated.kind == nil)
    }

    /// The W3C DeviceMotionEvent's properties say what they hold: `acceleration` is without
    /// gravity, `accelerationIncludingGravity` with it, both in m/s^2. Other names with
    /// `acceleration` say nothing of gravity.
    @Test func deviceMotionPropertiesSayGravityAndUnit() throws {
        let user = try #require(HeaderRoles.find(ColumnNames(["time", "acceleration.x", "acceleration.y", "acceleration.z"])))
        #expect(user.kind == .user && user.accelerationUnit == .metersPerSecondSquared)
        let total = try #require(
            HeaderRoles.find(ColumnNames(["t", "event.accelerationIncludingGravity.x", "event.accelerationIncludingGravity.y", "event.accelerationIncludingGravity.z"])))
        #expect(total.kind == .total && total.accelerationUnit == .metersPerSecondSquared)
        let plain = try #require(HeaderRoles.find(ColumnNames(["time", "acceleration_x", "acceleration_y", "acceleration_z"])))
        #expect(plain.kind == nil && plain.accelerationUnit == nil)
    }

    @Test func theChoiceIsExplainedWhenThereWasOne() throws {
        let roles = try #require(HeaderRoles.find(ColumnNames(["time", "m_acc_x", "m_acc_y", "m_acc_z", "m_accG_x", "m_accG_y", "m_accG_z", "m_rotTate_x", "m_rotTate_y", "m_rotTate_z"])))
        #expect(roles.hadAlternatives)
        #expect(roles.explanation.hasPrefix("columns by name: time 'time', acceleration 'm_accG_x', 'm_accG_y', 'm_accG_z' (acceleration with gravity)"))
        #expect(roles.explanation.contains("preferred over 'm_acc_x', 'm_acc_y', 'm_acc_z'"))
        #expect(roles.explanation.contains("not acceleration: 'm_rotTate_x', 'm_rotTate_y', 'm_rotTate_z' (rotation)"))
        let single = try #require(HeaderRoles.find(ColumnNames(["time", "accX", "accY", "accZ"])))
        #expect(!single.hadAlternatives)
    }
}
