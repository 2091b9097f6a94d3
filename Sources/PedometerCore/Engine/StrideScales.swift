/// The factors by which walking and running steps' lengths (at stride scale 1) are multiplied:
/// 1, the user's walking stride over the population's, or a GPS fit.
struct StrideScales: Sendable, Hashable {
    var walking: Double
    var running: Double
}
