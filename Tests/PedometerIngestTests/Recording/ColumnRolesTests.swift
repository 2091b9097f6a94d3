import Testing
@testable import PedometerIngest

/// `--columns`: one role per column, or each role a column by name or number.
@Suite struct ColumnRolesTests {
    @Test func parsesBothForms() throws {
        #expect(try ColumnRoles(parsing: "t,_,x,y,z") == .positional([.time, .skip, .x, .y, .z]))
        #expect(try ColumnRoles(parsing: "time=timestamp,x=accG_x,y=accG_y,z=accG_z")
            == .named(time: .name("timestamp"), x: .name("accG_x"), y: .name("accG_y"), z: .name("accG_z")))
        #expect(try ColumnRoles(parsing: "t=1, x=8, y=9, z=10") == .named(time: .position(1), x: .position(8), y: .position(9), z: .position(10)))
        #expect(try ColumnRoles(parsing: "time=timestamp,x=accG_x,y=accG_y,z=accG_z").description == "time=timestamp,x=accG_x,y=accG_y,z=accG_z")
        // No time column: rows timed by --rate.
        #expect(try ColumnRoles(parsing: "_,x,y,z") == .positional([.skip, .x, .y, .z]))
        let named = try ColumnRoles(parsing: "x=2,y=3,z=4")
        #expect(named == .named(time: nil, x: .position(2), y: .position(3), z: .position(4)) && named.description == "x=2,y=3,z=4")
        #expect(try named.indices(header: nil, fieldCount: 4, file: "f.csv") == (nil, 1, 2, 3))
    }

    @Test(arguments: [
        ("t,x,y", "--columns needs x, y and z once each, and t unless --rate times the rows"),
        ("t,x,y,z,x", "--columns needs x, y and z once each"),
        ("time=a,x=b,y=c", "--columns: no column given for z"),
        ("time=a,x=b,x=c,z=d", "--columns: x is given twice"),
        ("speed=a,x=b,y=c,z=d", "--columns: 'speed=a' is not role=column"),
        ("time=0,x=1,y=2,z=3", "--columns: column numbers start at 1"),
    ])
    func refusesWhatItCannotUse(_ text: String, _ message: String) {
        #expect { try ColumnRoles(parsing: text) } throws: { error in
            (error as? ColumnRoles.ParseError)?.description.hasPrefix(message) == true
        }
    }

    @Test func namesMatchExactlyThenLooselyAndPositionsCountFromOne() throws {
        let header = ["Time (s)", "o_alpha", "m_accG_x", "m_accG_y", "m_accG_z"]
        let loose = try ColumnRoles(parsing: "time=time,x=M_ACCG_X,y=m accG y,z=m_accG_z")
        #expect(try loose.indices(header: header, fieldCount: 5, file: "f.csv") == (0, 2, 3, 4))
        let positions = try ColumnRoles(parsing: "time=1,x=3,y=4,z=5")
        #expect(try positions.indices(header: nil, fieldCount: 5, file: "f.csv") == (0, 2, 3, 4))
    }

    @Test func aMissingColumnIsAnErrorAtTheHeader() throws {
        let roles = try ColumnRoles(parsing: "time=time,x=accX,y=accY,z=accZ")
        #expect {
            try roles.indices(header: ["time", "ax", "ay", "az"], fieldCount: 4, file: "f.csv")
        } throws: { error in
            (error as? IngestError)?.description == "f.csv:1:1: --columns: no column named 'accX' in the header ('time', 'ax', 'ay', 'az')"
        }
        #expect {
            try roles.indices(header: nil, fieldCount: 4, file: "f.csv")
        } throws: { error in
            (error as? IngestError)?.reason.hasPrefix("--columns names column 'time', but the file has no header") == true
        }
        #expect {
            try ColumnRoles(parsing: "t=1,x=2,y=3,z=9").indices(header: nil, fieldCount: 4, file: "f.csv")
        } throws: { error in
            (error as? IngestError)?.reason == "--columns: no column 9: the first record has 4 fields"
        }
    }
}
