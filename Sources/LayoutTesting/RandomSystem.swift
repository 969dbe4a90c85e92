import ConstraintSolver

/// One constraint of a ``RandomSystem``, naming variables by index so that it can be built
/// for any solver (with that solver's own `Variable`s) and for the ``ReferenceSolver``.
public struct ConstraintSpec: Sendable {
    /// The terms: a variable's index and its coefficient (a variable may repeat).
    public var terms: [(variable: Int, coefficient: Double)]
    /// The constant.
    public var constant: Double
    /// How the sum of the terms and the constant compares to zero.
    public var relation: Relation
    /// The constraint's priority.
    public var priority: Priority
    /// Whether this is one of the system's stays (see ``RandomSystem``).
    public var isStay = false

    /// Creates a spec.
    public init(
        terms: [(variable: Int, coefficient: Double)], constant: Double, relation: Relation, priority: Priority,
        isStay: Bool = false
    ) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
        self.isStay = isStay
    }

    /// The constraint `Σ terms + constant (relation) 0` over `variables`.
    public func constraint(over variables: [Variable]) -> Constraint {
        let expression = Expression(
            terms.map { Term(variables[$0.variable], coefficient: $0.coefficient) }, constant: constant)
        return Constraint(expression, relation, priority: priority)
    }

    /// A copy with another constant.
    public func withConstant(_ constant: Double) -> ConstraintSpec {
        var copy = self
        copy.constant = constant
        return copy
    }

    /// A copy at another priority.
    public func withPriority(_ priority: Priority) -> ConstraintSpec {
        var copy = self
        copy.priority = priority
        return copy
    }
}

/// A small random constraint system, the same for the same seed.
///
/// By default (``Shape/small``): 2–8 variables and 2–15 random constraints, one to three terms
/// each (a variable may repeat, so terms can combine or even cancel), integer coefficients in
/// -3...3 (never zero as written), integer constants in -50...50, relations and priorities
/// mixed (required most often, so that some systems are infeasible). Other shapes vary the
/// numbers and the size.
///
/// **Stays make the optimum unique.** Every variable `v_k` also gets a stay `v_k == c_k` at its
/// own priority `1 + k`, below every other priority in the system. Minimising a strict
/// priority level always leaves a convex set of optimal points (an intersection of the
/// feasible polyhedron with the level's optimal face). At the stay levels, from the highest
/// down, the solver minimises one `|v_k − c_k|` at a time over that convex set: the values
/// `v_k` can take there form an interval, the point of an interval closest to `c_k` is unique,
/// so each stay fixes its `v_k`, and after the last stay every variable is fixed. Any two
/// correct solvers must therefore return the same values, which the properties compare.
public struct RandomSystem: Sendable {
    /// The sizes and numbers a system is drawn from.
    public struct Shape: Sendable {
        /// How many variables.
        public var variables: ClosedRange<Int>
        /// How many random (non-stay) constraints.
        public var constraints: ClosedRange<Int>
        /// How many terms each constraint has.
        public var termsPerConstraint: ClosedRange<Int>
        /// Coefficient magnitudes; each gets a random sign.
        public var coefficients: [Double]
        /// Constants are `k * constantStep` for an integer `k` in `constantSteps`.
        public var constantSteps: ClosedRange<Int>
        /// The step between constants.
        public var constantStep: Double

        /// Creates a shape.
        public init(
            variables: ClosedRange<Int>, constraints: ClosedRange<Int>, termsPerConstraint: ClosedRange<Int>,
            coefficients: [Double], constantSteps: ClosedRange<Int>, constantStep: Double
        ) {
            self.variables = variables
            self.constraints = constraints
            self.termsPerConstraint = termsPerConstraint
            self.coefficients = coefficients
            self.constantSteps = constantSteps
            self.constantStep = constantStep
        }

        /// The systems of the brief: small, integer coefficients in -3...3, constants in -50...50.
        public static let small = Shape(
            variables: 2...8, constraints: 2...15, termsPerConstraint: 1...3, coefficients: [1, 2, 3],
            constantSteps: -50...50, constantStep: 1)
        /// Multipliers as layouts use them (halves, quarters, tenths, aspect ratios such as 2.5
        /// or 7) and constants with one decimal, so that values are not integers.
        public static let fractional = Shape(
            variables: 2...8, constraints: 2...15, termsPerConstraint: 1...4,
            coefficients: [0.1, 0.25, 0.5, 1, 2.5, 3, 7],
            constantSteps: -500...500, constantStep: 0.1)
        /// Bigger systems: 10–14 variables and 15–30 constraints.
        public static let large = Shape(
            variables: 10...14, constraints: 15...30, termsPerConstraint: 1...4, coefficients: [1, 2, 3],
            constantSteps: -50...50, constantStep: 1)
    }

    /// The priorities of the non-stay constraints (required listed thrice to weight it).
    /// 251 next to 250 checks strictness between neighbouring levels. All are above the
    /// stays. `1...14`.
    public static let priorities: [Priority] = [
        .required, .required, .required, .defaultHigh, .sceneSizeStayPut, 251, .defaultLow, .fittingSizeLevel,
    ]

    /// The seed the system was drawn from.
    public let seed: UInt64
    /// How many variables the constraints name (indices `0..<variableCount`).
    public let variableCount: Int
    /// Every constraint in the order it is added, stays included.
    public let specs: [ConstraintSpec]

    /// Draws the system of `seed` in `shape`.
    public init(seed: UInt64, shape: Shape = .small) {
        self.seed = seed
        var random = SplitMix64(seed: seed)
        variableCount = random.int(in: shape.variables)
        var specs: [ConstraintSpec] = []
        for _ in 0..<random.int(in: shape.constraints) {
            specs.append(Self.randomConstraint(variableCount: variableCount, shape: shape, using: &random))
        }
        for k in 0..<variableCount {
            let stay = ConstraintSpec(
                terms: [(k, 1)], constant: Double(-random.int(in: -50...50)), relation: .equal,
                priority: Priority(Float(1 + k)), isStay: true)
            specs.insert(stay, at: random.int(in: 0...specs.count))
        }
        self.specs = specs
    }

    /// A random non-stay constraint over `variableCount` variables.
    public static func randomConstraint(
        variableCount: Int, shape: Shape = .small, using random: inout SplitMix64
    ) -> ConstraintSpec {
        var terms: [(variable: Int, coefficient: Double)] = []
        for _ in 0..<random.int(in: shape.termsPerConstraint) {
            let magnitude = random.element(of: shape.coefficients)
            terms.append((random.int(in: 0...(variableCount - 1)), random.chance(1, in: 2) ? magnitude : -magnitude))
        }
        let relation = random.element(of: [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
        return ConstraintSpec(
            terms: terms, constant: Double(random.int(in: shape.constantSteps)) * shape.constantStep,
            relation: relation,
            priority: random.element(of: priorities))
    }

}
